import { Link } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { CHARITIES_PATH } from "~/charities/path";

/** A charity as a form offers it: its id and name. */
export type CharityChoice = { id: string; name: string };

/**
 * An artwork's charity and the share of its sale it receives (the artwork form). With no charities kept
 * yet, a way to the screen that keeps them.
 */
export function ShareFields({
  charities,
  charity,
  share,
  errors,
}: {
  charities: CharityChoice[];
  /** What the form starts from: the artwork's, what was typed, or for a new artwork the default charity's. */
  charity: string;
  share: string;
  errors: Record<string, string>;
}) {
  if (charities.length === 0 && !errors.share && !errors.charity) {
    return (
      <p className="field__note">
        To say which charity a sale supports, add the charities you give to on the{" "}
        <Link to={CHARITIES_PATH}>Charities</Link> page.
      </p>
    );
  }
  return (
    <>
      <FormField
        label="Charity"
        name="charity"
        required={false}
        options={[{ value: "", label: "None" }, ...charities.map(({ id, name }) => ({ value: id, label: name }))]}
        defaultValue={charity}
        error={errors.charity}
      />
      <FormField
        label="Share for the charity"
        name="share"
        required={false}
        maxLength={12}
        autoComplete="off"
        defaultValue={share}
        error={errors.share}
        note="A percentage of the price paid, like 25%, or an amount, like £50. The artwork page says it under the price."
      />
    </>
  );
}
