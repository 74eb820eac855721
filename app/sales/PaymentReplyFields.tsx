import { Link } from "@remix-run/react";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormField } from "~/forms/FormField";
import { PAYMENT_INSTRUCTIONS_ANCHOR, SALES_PATH } from "~/sales/path";

/** What the reply form of an enquiry offers for payment: a Stripe link when Stripe is configured, else her instructions. */
export type ReplyPayments = { stripe: boolean; instructions: boolean };

/**
 * A reply's way to be paid: with Stripe, the agreed price (the reply carries a card payment link for it
 * and the work is reserved for the enquirer); without, a box that adds the artist's payment instructions.
 */
export function PaymentReplyFields({
  payments,
  kept,
}: {
  payments: ReplyPayments;
  kept: { values: Record<string, string>; errors: Record<string, string> };
}) {
  if (payments.stripe) {
    return (
      <FormField
        label="Payment link (£)"
        name="payLink"
        required={false}
        inputMode="decimal"
        maxLength={20}
        autoComplete="off"
        defaultValue={kept.values.payLink}
        error={kept.errors.payLink}
        note="Optional: the agreed price, like 450. The reply carries a card payment link for it, and the work is reserved for them for a week."
      />
    );
  }
  if (payments.instructions) {
    return (
      <CheckboxField
        label="Add my payment instructions"
        name="addInstructions"
        defaultChecked={kept.values.addInstructions === "on"}
        note="Your bank transfer or PayPal details, as set on the Sales page, follow your words."
        error={kept.errors.addInstructions}
      />
    );
  }
  return (
    <p className="field__note">
      To offer payment in a reply, set your{" "}
      <Link to={`${SALES_PATH}#${PAYMENT_INSTRUCTIONS_ANCHOR}`}>payment instructions</Link> on the Sales page.
    </p>
  );
}
