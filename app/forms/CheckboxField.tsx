import { useId } from "react";

/**
 * One labelled checkbox with a line saying what ticking it does; it posts "on" when ticked and nothing
 * otherwise (read by `checkbox()` in ~/forms/fields).
 */
export function CheckboxField({
  label,
  name,
  defaultChecked,
  note,
  error,
}: {
  label: string;
  name: string;
  defaultChecked: boolean;
  note: string;
  error?: string;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="choice choice--single">
        <input
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={error ? `${noteId} ${errorId}` : noteId}
          aria-invalid={error ? true : undefined}
        />
        <span>{label}</span>
      </label>
      <p id={noteId} className="field__note">
        {note}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
