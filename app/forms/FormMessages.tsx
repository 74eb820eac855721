import { useEffect, useRef } from "react";
import { useTypedBeforeCode } from "~/forms/typed-before-code";

/**
 * The outcome of a form, read out by screen readers: a failure (role=alert) or a success
 * (role=status). Both regions are always present so assistive technology is listening before the
 * message arrives.
 */
export function FormMessages({
  error,
  success,
  focusError = false,
}: {
  error?: string;
  success?: string;
  /** Move focus to the error when it appears (for forms whose failure is not tied to a field). */
  focusError?: boolean;
}) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  // An error the server rendered with the page: not taken from a visitor typing as the code comes.
  const typedBeforeCode = useTypedBeforeCode(errorRef);
  useEffect(() => {
    const typing = typedBeforeCode();
    if (error && focusError && !typing) errorRef.current?.focus();
  }, [error, focusError, typedBeforeCode]);
  return (
    <div className="form-messages">
      <div role="alert">
        {error ? (
          <p className="form-error" ref={errorRef} tabIndex={focusError ? -1 : undefined}>
            {error}
          </p>
        ) : null}
      </div>
      <div role="status">{success ? <p className="form-success">{success}</p> : null}</div>
    </div>
  );
}
