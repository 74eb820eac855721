import { FormField } from "~/forms/FormField";
import { RowsField } from "~/forms/RowsField";
import { EDITION_MAX, OPTION_LABEL_MAX, OPTION_SIZE_MAX, OPTIONS_MAX } from "~/artworks/options";
import { OPTION_FIELDS, type OptionRow } from "~/artworks/option-rows";

/** An option's three numbers, side by side: its price, its edition (blank: open) and how many are sold. */
const NUMBERS = [
  { key: "price", label: "Price (£)", required: true, inputMode: "decimal", maxLength: 12 },
  { key: "edition", label: "Edition", required: false, inputMode: "numeric", maxLength: String(EDITION_MAX).length },
  { key: "sold", label: "Sold", required: false, inputMode: "numeric", maxLength: String(EDITION_MAX).length },
] as const;

/** An artwork's options (the sizes or editions of a print), one group of fields each, added, moved and removed. */
export function OptionsField({
  initial,
  errors,
}: {
  initial: OptionRow[];
  /** The server's messages, keyed `options.<row>.<field>`, and `options` for the whole list. */
  errors: Record<string, string>;
}) {
  return (
    <RowsField
      group="options"
      fields={OPTION_FIELDS}
      id="artwork-options"
      className="artwork-options"
      legend="Sizes and editions"
      note="For a print sold in several sizes or editions, each with its own price. Leave Edition blank for an open edition. With options, the artwork shows as sold once every option is sold out."
      item="Option"
      max={OPTIONS_MAX}
      initial={initial}
      errors={errors}
      empty="No sizes or editions: the artwork has one price."
    >
      {(row, messages) => (
        <>
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
        </>
      )}
    </RowsField>
  );
}
