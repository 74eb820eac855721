import { useEffect, useRef, useState, type MouseEvent } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { FormField } from "~/forms/FormField";
import { EDITION_MAX, OPTION_LABEL_MAX, OPTION_SIZE_MAX, OPTIONS_MAX } from "~/artworks/options";
import {
  BLANK_ROW,
  OPTION_CHANGE_FIELD,
  OPTION_FIELDS,
  changeRows,
  changeValue,
  type OptionChange,
  type OptionRow,
} from "~/artworks/option-rows";

/** An option's three numbers, side by side: its price, its edition (blank: open) and how many are sold. */
const NUMBERS = [
  { key: "price", label: "Price (£)", required: true, inputMode: "decimal", maxLength: 12 },
  { key: "edition", label: "Edition", required: false, inputMode: "numeric", maxLength: String(EDITION_MAX).length },
  { key: "sold", label: "Sold", required: false, inputMode: "numeric", maxLength: String(EDITION_MAX).length },
] as const;

/** A row on screen: its fields as first drawn, the messages the server gave them, and a key that moves with it. */
type ShownRow = { key: number; row: OptionRow; errors: Partial<Record<keyof OptionRow, string>> };

/**
 * An artwork's options (the sizes or editions of a print), one group of fields each, with buttons to add,
 * move and remove them. Without JavaScript each button sends the form, which comes back drawn with the
 * change and nothing saved; with it the rows change in place (the fields keep what was typed) and a
 * status line says what happened. The form's first button is its save, so Enter never presses these.
 */
export function OptionsField({
  initial,
  errors,
}: {
  initial: OptionRow[];
  /** The server's messages, keyed `options.<row>.<field>`, and `options` for the whole list. */
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState<ShownRow[]>(() =>
    initial.map((row, index) => ({ key: index, row, errors: rowErrors(errors, index) })),
  );
  const nextKey = useRef(initial.length);
  const [said, setSaid] = useState("");
  const group = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    group.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const apply = (change: OptionChange) => (event: MouseEvent<HTMLButtonElement>) => {
    // React runs this only once the page's code is in: then nothing is sent, the rows change here.
    event.preventDefault();
    const next = changeRows(rows, change, () => ({ key: nextKey.current++, row: { ...BLANK_ROW }, errors: {} }));
    if (next === rows) return;
    setRows(next);
    if (change.kind === "add") {
      focusNext.current = `[data-option-key="${next[next.length - 1]!.key}"] input:not([type=hidden])`;
      setSaid(`Option ${next.length} added.`);
    } else if (change.kind === "remove") {
      const after = next[Math.min(change.row, next.length - 1)];
      focusNext.current = after ? `[data-option-key="${after.key}"] input:not([type=hidden])` : "[data-option-add]";
      setSaid(`Option ${change.row + 1} removed.`);
    } else {
      const to = change.kind === "up" ? change.row - 1 : change.row + 1;
      const moved = next[to]!;
      // Still on the button pressed when it can be pressed again; else on the other one.
      const edge = to === 0 || to === next.length - 1;
      const button = edge ? (change.kind === "up" ? "down" : "up") : change.kind;
      focusNext.current = `[data-option-key="${moved.key}"] [data-option-move="${button}"]`;
      setSaid(`Option moved to place ${to + 1} of ${next.length}.`);
    }
  };

  const buttonProps = (change: OptionChange) => ({
    type: "submit" as const,
    name: OPTION_CHANGE_FIELD,
    value: changeValue(change),
    // Without JavaScript the answer lands back on this list, not at the top of the page.
    formAction: "#artwork-options",
    onClick: apply(change),
  });

  return (
    <fieldset
      ref={group}
      className="field artwork-options"
      id="artwork-options"
      aria-describedby="artwork-options-note"
    >
      <FieldLabel legend required={false}>
        Sizes and editions
      </FieldLabel>
      <p id="artwork-options-note" className="field__note">
        For a print sold in several sizes or editions, each with its own price. Leave Edition blank for an open edition.
        With options, the artwork shows as sold once every option is sold out.
      </p>
      {rows.length > 0 ? (
        <ol className="artwork-options__list">
          {rows.map(({ key, row, errors: messages }, index) => (
            <li key={key} className="artwork-option" data-option-key={key}>
              <fieldset className="artwork-option__group">
                <legend className="artwork-option__legend">{`Option ${index + 1}`}</legend>
                <input type="hidden" name={OPTION_FIELDS.id} value={row.id} />
                <FormField
                  label="Label"
                  name={OPTION_FIELDS.label}
                  maxLength={OPTION_LABEL_MAX}
                  autoComplete="off"
                  defaultValue={row.label}
                  error={messages.label}
                />
                <FormField
                  label="Size"
                  name={OPTION_FIELDS.size}
                  required={false}
                  maxLength={OPTION_SIZE_MAX}
                  autoComplete="off"
                  defaultValue={row.size}
                  error={messages.size}
                />
                <div className="artwork-option__numbers">
                  {NUMBERS.map(({ key, label, required, inputMode, maxLength }) => (
                    <FormField
                      key={key}
                      label={label}
                      name={OPTION_FIELDS[key]}
                      required={required}
                      inputMode={inputMode}
                      maxLength={maxLength}
                      autoComplete="off"
                      defaultValue={row[key]}
                      error={messages[key]}
                    />
                  ))}
                </div>
                <FormField
                  label="Charity share"
                  name={OPTION_FIELDS.share}
                  required={false}
                  maxLength={12}
                  autoComplete="off"
                  defaultValue={row.share}
                  error={messages.share}
                  note="Blank: the artwork's share. Or this option's own, like £5 or 10%."
                />
                <div className="artwork-option__buttons">
                  <button
                    {...buttonProps({ kind: "up", row: index })}
                    className="button button--ghost"
                    data-option-move="up"
                    disabled={index === 0}
                    aria-label={`Move up option ${index + 1}`}
                  >
                    Move up
                  </button>
                  <button
                    {...buttonProps({ kind: "down", row: index })}
                    className="button button--ghost"
                    data-option-move="down"
                    disabled={index === rows.length - 1}
                    aria-label={`Move down option ${index + 1}`}
                  >
                    Move down
                  </button>
                  <button
                    {...buttonProps({ kind: "remove", row: index })}
                    className="button button--ghost"
                    aria-label={`Remove option ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field__note">No sizes or editions: the artwork has one price.</p>
      )}
      {errors.options ? <p className="field__error">{errors.options}</p> : null}
      <div className="button-row">
        <button
          {...buttonProps({ kind: "add" })}
          className="button button--secondary"
          data-option-add
          disabled={rows.length >= OPTIONS_MAX}
        >
          {rows.length > 0 ? "Add another option" : "Add an option"}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </fieldset>
  );
}

/** The server's messages for row `index`, by field. */
function rowErrors(errors: Record<string, string>, index: number): ShownRow["errors"] {
  const mine: ShownRow["errors"] = {};
  for (const key of Object.keys(OPTION_FIELDS) as (keyof OptionRow)[]) {
    const message = errors[`options.${index}.${key}`];
    if (message) mine[key] = message;
  }
  return mine;
}
