import { useFetcher } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { ConfirmButton } from "~/ui/ConfirmButton";

/**
 * "Delete All … (n)" for a list of the admin's: one form that asks first, naming what goes and what
 * stays, and posts `intent` to the page's action.
 */
export function DeleteAllButton({
  intent,
  count,
  noun,
  label,
  stays,
}: {
  intent: string;
  count: number;
  /** What one and many are called: ["held message", "held messages"]. */
  noun: [string, string];
  /** The button's text before its count: "Delete All Held". */
  label: string;
  /** What the question adds about what is kept: "Messages received stay." */
  stays: string;
}) {
  const fetcher = useFetcher();
  const deleting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="dashboard__bulk">
      <ConfirmButton
        confirmText={`Delete ${count === 1 ? `the ${noun[0]}` : `all ${count} ${noun[1]}`}? ${stays}`}
        name="intent"
        value={intent}
        className="button button--ghost"
        aria-disabled={deleting || undefined}
      >
        <Trash2 size={16} aria-hidden="true" /> {deleting ? "Deleting..." : `${label} (${count})`}
      </ConfirmButton>
    </fetcher.Form>
  );
}
