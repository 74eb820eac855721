import type { ButtonHTMLAttributes } from "react";

/**
 * A submit button that asks `confirmText` first (or what it says of the form as it is filled in now);
 * cancelling sends nothing.
 */
export function ConfirmButton({
  confirmText,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { confirmText: string | ((form: HTMLFormElement | null) => string) }) {
  return (
    <button
      type="submit"
      {...button}
      onClick={(event) => {
        const text = typeof confirmText === "string" ? confirmText : confirmText(event.currentTarget.form);
        if (!confirm(text)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
