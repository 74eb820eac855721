import { useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { ConfirmButton } from "~/ui/ConfirmButton";

/**
 * The Delete submit button of an edit form (intent=delete), asking `confirmText` first. It skips the
 * browser's field checks and sends a plain form body, so no chosen file is uploaded just to delete. While
 * the form is being sent (a save uploading its images) it waits: a delete would cut the save off.
 */
export function DeleteButton({ label, confirmText }: { label: string; confirmText: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <ConfirmButton
      confirmText={confirmText}
      name="intent"
      value="delete"
      formNoValidate
      formEncType="application/x-www-form-urlencoded"
      className="button button--ghost admin-form__delete"
      disabled={navigation.state === "submitting"}
    >
      <Trash2 size={16} aria-hidden="true" /> {deleting ? "Deleting..." : label}
    </ConfirmButton>
  );
}
