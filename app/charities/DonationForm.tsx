import { Form, useNavigation } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormFailure } from "~/forms/result";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { DONATION_REFERENCE_MAX } from "~/charities/form";
import type { CharityChoice } from "~/charities/ShareFields";

/** Records money she gave to one of her charities: which, how much, the day, and its reference. */
export function DonationForm({
  charities,
  submission,
  today,
  failure,
}: {
  charities: CharityChoice[];
  /** This form's submission id: sent twice, the donation is recorded once. */
  submission: string;
  today: string;
  failure?: FormFailure;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "donate";
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  return (
    <Form method="post" className="form">
      <input type="hidden" name="intent" value="donate" />
      <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
      <FormField
        label="Given to"
        name="charity"
        options={[
          { value: "", label: "Choose a charity" },
          ...charities.map(({ id, name }) => ({ value: id, label: name })),
        ]}
        defaultValue={values.charity ?? charities[0]?.id ?? ""}
        error={errors.charity}
      />
      <FormField
        label="Amount given (£)"
        name="amount"
        inputMode="decimal"
        maxLength={20}
        autoComplete="off"
        defaultValue={values.amount ?? ""}
        error={errors.amount}
      />
      <FormField
        label="Day given"
        name="givenOn"
        type="date"
        defaultValue={values.givenOn ?? today}
        error={errors.givenOn}
      />
      <FormField
        label="Reference"
        name="reference"
        required={false}
        maxLength={DONATION_REFERENCE_MAX}
        autoComplete="off"
        defaultValue={values.reference ?? ""}
        error={errors.reference}
        note="The charity's receipt number or your bank's reference, for your records."
      />
      <FormMessages error={failure?.formError} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Recording..." : "Record Donation"}
        </button>
      </div>
    </Form>
  );
}
