import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormFailure } from "~/forms/result";
import { CHARITY_ABOUT_MAX, CHARITY_NAME_MAX, CHARITY_WEBSITE_MAX } from "~/charities/form";
import { shareText } from "~/charities/share";
import type { Charity } from "~/charities/schema";

/**
 * A charity's details: adding one (no `charity`) or changing one. A refusal keeps what was typed, its
 * messages beside the fields.
 */
export function CharityForm({
  charity,
  failure,
  submitLabel,
  busyLabel,
}: {
  charity?: Charity;
  failure?: FormFailure;
  submitLabel: string;
  busyLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const value = (name: string, stored: string) => values[name] ?? stored;
  return (
    <Form method="post" className="form">
      <input type="hidden" name="intent" value="save" />
      <FormField
        label="Name"
        name="name"
        maxLength={CHARITY_NAME_MAX}
        autoComplete="off"
        defaultValue={value("name", charity?.name ?? "")}
        error={errors.name}
      />
      <FormField
        label="Registered charity number"
        name="number"
        maxLength={20}
        autoComplete="off"
        defaultValue={value("number", charity?.number ?? "")}
        error={errors.number}
        note="As the regulator writes it: 1012345 (England and Wales), SC012345 (Scotland) or NIC100002 (Northern Ireland)."
      />
      <FormField
        label="Website"
        name="website"
        type="url"
        required={false}
        maxLength={CHARITY_WEBSITE_MAX}
        autoComplete="off"
        defaultValue={value("website", charity?.website ?? "")}
        error={errors.website}
      />
      <FormField
        label="What it does"
        name="about"
        required={false}
        maxLength={CHARITY_ABOUT_MAX}
        autoComplete="off"
        defaultValue={value("about", charity?.about ?? "")}
        error={errors.about}
        note="One line on what it does, as visitors will read it."
      />
      <FormField
        label="Usual share"
        name="usualShare"
        required={false}
        maxLength={12}
        autoComplete="off"
        defaultValue={value("usualShare", charity?.usualShare ? shareText(charity.usualShare) : "")}
        error={errors.usualShare}
        note="Like 25% or £50: what a new artwork gives this charity when it is the default."
      />
      <CheckboxField
        label="Default for new artworks"
        name="isDefault"
        defaultChecked={failure ? values.isDefault === "on" : (charity?.isDefault ?? false)}
        note="A new artwork names this charity, with its usual share. One charity is the default at a time."
        error={errors.isDefault}
      />
      <FormMessages error={failure?.formError} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
