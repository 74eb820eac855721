import type { ReactNode } from "react";

/** A field's label (or a group's legend) with the required-field star, hidden from screen readers (inputs say it). */
export function FieldLabel({
  htmlFor,
  required,
  legend = false,
  children,
}: {
  htmlFor?: string;
  required: boolean;
  legend?: boolean;
  children: ReactNode;
}) {
  const star = required ? (
    <span className="field__required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
  return legend ? (
    <legend className="field__label">
      {children}
      {star}
    </legend>
  ) : (
    <label htmlFor={htmlFor} className="field__label">
      {children}
      {star}
    </label>
  );
}
