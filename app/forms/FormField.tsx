import { useId, type ReactNode } from "react";
import { FieldLabel } from "~/forms/FieldLabel";

type FormFieldProps = {
  label: string;
  name: string;
  type?: "text" | "email" | "password" | "date" | "tel" | "url";
  multiline?: boolean;
  rows?: number;
  /** Makes the control a select offering these choices. */
  options?: { value: string; label: string }[];
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  /** The keyboard a phone shows: "decimal" for a price, "numeric" for a count. */
  inputMode?: "decimal" | "numeric";
  defaultValue?: string;
  /** Server-side message for this field; marks the control invalid and is read with it. */
  error?: string;
  /** Shown under the control, e.g. a live counter. */
  hint?: ReactNode;
  /** Guidance read with the control, e.g. examples of what to enter. */
  note?: string;
  onValueChange?: (value: string) => void;
};

/** A labelled input, textarea or select whose error message is tied to it for screen readers. */
export function FormField({
  label,
  name,
  type = "text",
  multiline = false,
  rows = 5,
  options,
  required = true,
  maxLength,
  autoComplete,
  inputMode,
  defaultValue,
  error,
  hint,
  note,
  onValueChange,
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const describedBy =
    [error ? errorId : null, note ? noteId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    required,
    maxLength,
    autoComplete,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `field__control${error ? " field__control--invalid" : ""}`,
  };
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {options ? (
        <select {...shared} onChange={(e) => onValueChange?.(e.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...shared} rows={rows} onChange={(e) => onValueChange?.(e.currentTarget.value)} />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} onChange={(e) => onValueChange?.(e.currentTarget.value)} />
      )}
      {note ? (
        <p id={noteId} className="field__note">
          {note}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
