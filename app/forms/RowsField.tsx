import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import {
  ROW_CHANGE_FIELD,
  blankRow,
  changeRows,
  changeValue,
  type Row,
  type RowChange,
  type RowFields,
} from "~/forms/row-changes";

/** A row on screen: its fields as first drawn, the messages the server gave them, and a key that moves with it. */
type ShownRow<F extends RowFields> = { key: number; row: Row<F>; errors: Partial<Record<keyof F, string>> };

const FIRST_FIELD = "input:not([type=hidden]), textarea, select";

export type RowsFieldProps<F extends RowFields> = {
  /** The schema's field for the rows: their messages are keyed `<group>.<row>.<key>`, and `<group>` for the list. */
  group: string;
  fields: F;
  /** The fieldset's id: without JavaScript the answer lands back on it, not at the top of the page. */
  id: string;
  legend: string;
  note?: string;
  /** What one row is called, capitalised: "Option" gives "Option 2", "Remove option 2", "Option 2 added." */
  item: string;
  max: number;
  initial: Row<F>[];
  errors: Record<string, string>;
  /** Said when there are no rows. */
  empty: string;
  className?: string;
  /** One row's fields, given its values as first drawn and the server's messages for them. */
  children: (row: Row<F>, messages: Partial<Record<keyof F, string>>, index: number) => ReactNode;
};

/**
 * A list of rows of fields (an artwork's options, the subjects of the commissions page), one group each, with
 * buttons to add, move and remove them. Without JavaScript each button sends the form, which comes back drawn
 * with the change and nothing saved (rowChangeOf); with it the rows change in place (the fields keep what was
 * typed) and a status line says what happened. The form's first button is its save, so Enter never presses these.
 */
export function RowsField<F extends RowFields>({
  group,
  fields,
  id,
  legend,
  note,
  item,
  max,
  initial,
  errors,
  empty,
  className = "",
  children,
}: RowsFieldProps<F>) {
  const [rows, setRows] = useState<ShownRow<F>[]>(() =>
    initial.map((row, index) => ({ key: index, row, errors: rowErrors(fields, group, errors, index) })),
  );
  const nextKey = useRef(initial.length);
  const [said, setSaid] = useState("");
  const list = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<string | null>(null);
  const name = item.toLowerCase();

  useEffect(() => {
    if (!focusNext.current) return;
    list.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const apply = (change: RowChange) => (event: MouseEvent<HTMLButtonElement>) => {
    // React runs this only once the page's code is in: then nothing is sent, the rows change here.
    event.preventDefault();
    const next = changeRows(rows, change, () => ({ key: nextKey.current++, row: blankRow(fields), errors: {} }));
    if (next === rows) return;
    setRows(next);
    const rowOf = (key: number) => `[data-row-key="${key}"]`;
    if (change.kind === "add") {
      focusNext.current = `${rowOf(next[next.length - 1]!.key)} :is(${FIRST_FIELD})`;
      setSaid(`${item} ${next.length} added.`);
    } else if (change.kind === "remove") {
      const after = next[Math.min(change.row, next.length - 1)];
      focusNext.current = after ? `${rowOf(after.key)} :is(${FIRST_FIELD})` : "[data-row-add]";
      setSaid(`${item} ${change.row + 1} removed.`);
    } else {
      const to = change.kind === "up" ? change.row - 1 : change.row + 1;
      const moved = next[to]!;
      // Still on the button pressed when it can be pressed again; else on the other one.
      const edge = to === 0 || to === next.length - 1;
      const button = edge ? (change.kind === "up" ? "down" : "up") : change.kind;
      focusNext.current = `${rowOf(moved.key)} [data-row-move="${button}"]`;
      setSaid(`${item} moved to place ${to + 1} of ${next.length}.`);
    }
  };

  const buttonProps = (change: RowChange) => ({
    type: "submit" as const,
    name: ROW_CHANGE_FIELD,
    value: changeValue(group, change),
    formAction: `#${id}`,
    // Sent without checking the fields: a half-typed row may be moved or removed.
    formNoValidate: true,
    onClick: apply(change),
  });

  return (
    <fieldset
      ref={list}
      className={`field rows-field ${className}`}
      id={id}
      aria-describedby={
        [note ? `${id}-note` : null, errors[group] ? `${id}-error` : null].filter(Boolean).join(" ") || undefined
      }
    >
      <FieldLabel legend required={false}>
        {legend}
      </FieldLabel>
      {note ? (
        <p id={`${id}-note`} className="field__note">
          {note}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ol className="rows-field__list">
          {rows.map(({ key, row, errors: messages }, index) => (
            <li key={key} data-row-key={key}>
              <fieldset className="rows-field__group">
                <legend className="rows-field__legend">{`${item} ${index + 1}`}</legend>
                {children(row, messages, index)}
                <div className="rows-field__buttons">
                  <button
                    {...buttonProps({ kind: "up", row: index })}
                    className="button button--ghost"
                    data-row-move="up"
                    disabled={index === 0}
                    aria-label={`Move up ${name} ${index + 1}`}
                  >
                    Move up
                  </button>
                  <button
                    {...buttonProps({ kind: "down", row: index })}
                    className="button button--ghost"
                    data-row-move="down"
                    disabled={index === rows.length - 1}
                    aria-label={`Move down ${name} ${index + 1}`}
                  >
                    Move down
                  </button>
                  <button
                    {...buttonProps({ kind: "remove", row: index })}
                    className="button button--ghost"
                    aria-label={`Remove ${name} ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field__note">{empty}</p>
      )}
      {errors[group] ? (
        <p id={`${id}-error`} className="field__error">
          {errors[group]}
        </p>
      ) : null}
      <div className="button-row">
        <button
          {...buttonProps({ kind: "add" })}
          className="button button--secondary"
          data-row-add
          disabled={rows.length >= max}
        >
          {rows.length > 0 ? `Add another ${name}` : `Add ${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </fieldset>
  );
}

/** The server's messages for row `index`, by field. */
function rowErrors<F extends RowFields>(
  fields: F,
  group: string,
  errors: Record<string, string>,
  index: number,
): Partial<Record<keyof F, string>> {
  const mine: Partial<Record<keyof F, string>> = {};
  for (const key of Object.keys(fields) as (keyof F & string)[]) {
    const message = errors[`${group}.${index}.${key}`];
    if (message) mine[key] = message;
  }
  return mine;
}
