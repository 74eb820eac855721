import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmButton } from "~/ui/ConfirmButton";

/**
 * A one-button form acting on one record of a list (undo a sale, delete a donation): it posts `intent` with
 * the record's `fields` as hidden inputs, says `busyLabel` while that record's request is on its way, and,
 * given `confirmText`, asks first.
 */
export function RowAction({
  intent,
  fields,
  label,
  busyLabel,
  ariaLabel,
  icon,
  confirmText,
  action,
  formClassName,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  busyLabel: string;
  /** What the button does to which record, for a screen reader among many such buttons. */
  ariaLabel: string;
  icon?: ReactNode;
  confirmText?: string;
  /** Where the form posts, when not to its own page. */
  action?: string;
  formClassName?: string;
}) {
  const sending = useNavigation().formData;
  const busy =
    sending?.get("intent") === intent && Object.entries(fields).every(([name, value]) => sending.get(name) === value);
  const button = {
    name: "intent",
    value: intent,
    className: "button button--ghost",
    disabled: busy,
    "aria-label": ariaLabel,
  };
  const text = (
    <>
      {icon}
      {icon ? " " : null}
      {busy ? busyLabel : label}
    </>
  );
  return (
    <Form method="post" action={action} className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {confirmText ? (
        <ConfirmButton confirmText={confirmText} {...button}>
          {text}
        </ConfirmButton>
      ) : (
        <button type="submit" {...button}>
          {text}
        </button>
      )}
    </Form>
  );
}
