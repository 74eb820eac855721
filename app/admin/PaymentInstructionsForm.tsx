import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { PAYMENT_INSTRUCTIONS_MAX } from "~/sales/form";
import { PAYMENT_INSTRUCTIONS_ANCHOR } from "~/sales/path";

/**
 * The artist's payment instructions (bank transfer details, a PayPal address): a reply to an enquiry adds
 * them when she ticks its box, where no Stripe payment link is offered.
 */
export function PaymentInstructionsForm({ instructions }: { instructions: string }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const mine = navigation.formData?.get("intent") === "instructions";
  const failure = result && !result.ok && result.values.intent === "instructions" ? result : undefined;
  return (
    <section aria-labelledby={PAYMENT_INSTRUCTIONS_ANCHOR} className="card-panel sales__instructions">
      <h2 id={PAYMENT_INSTRUCTIONS_ANCHOR} className="sales__heading">
        Payment instructions
      </h2>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="instructions" />
        <FormField
          label="How buyers pay you"
          name="instructions"
          multiline
          rows={4}
          required={false}
          maxLength={PAYMENT_INSTRUCTIONS_MAX}
          defaultValue={failure?.values.instructions ?? instructions}
          error={failure?.errors.instructions}
          note="For example your bank's sort code and account number, or your PayPal address. A reply to an enquiry can add them."
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={mine}>
            {mine ? "Saving..." : "Save Instructions"}
          </button>
        </div>
        <FormMessages error={failure?.formError} />
      </Form>
    </section>
  );
}
