import type { ButtonHTMLAttributes } from "react";

/** A submit button that asks `confirmText` first; cancelling sends nothing. */
export function ConfirmButton({
  confirmText,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { confirmText: string }) {
  return (
    <button
      type="submit"
      {...button}
      onClick={(event) => {
        if (!confirm(confirmText)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
