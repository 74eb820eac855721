import { useActionData, useFetcher } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { REPLY_MAX } from "~/messages/limits";
import { poundsText } from "~/ui/money";
import type { Commission } from "~/commissions/schema";

/** The quote's intent, which the route answers (and marks its answer with, so the page knows whose it is). */
export const QUOTE_INTENT = "quote";

/**
 * The quote for a new request (or a changed one for a quoted request): price, deposit and the day she expects
 * to deliver, with her words; sent to the client as a reply with the deposit's payment link or her
 * instructions. With JavaScript the page stays; without it, the answer comes back with the page.
 */
export function QuoteForm({
  commission,
  submission,
  payments,
}: {
  commission: Pick<Commission, "stage" | "quotePence" | "depositPence" | "expectedOn" | "budgetMaxPence">;
  submission: string;
  /** How the client will pay the deposit: a Stripe link, her instructions, or neither set up yet. */
  payments: "stripe" | "instructions" | "none";
}) {
  const fetcher = useFetcher<FormResult>();
  const page = useActionData<FormResult>();
  const result = fetcher.data ?? (page && !page.ok && page.values.intent === QUOTE_INTENT ? page : undefined);
  const failure = result && !result.ok ? result : undefined;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const quoted = commission.stage === "quoted";
  const busy = fetcher.state !== "idle";
  const pence = (value: number | null) => (value === null ? "" : poundsText(value));
  return (
    <fetcher.Form method="post" className="form requests__quote" aria-labelledby="quote-title">
      <h2 id="quote-title" className="requests__heading">
        {quoted ? "Change the quote" : "Quote"}
      </h2>
      <input type="hidden" name="intent" value={QUOTE_INTENT} />
      <input type="hidden" name={SUBMISSION_FIELD} value={values[SUBMISSION_FIELD] ?? submission} />
      <div className="request__budget">
        <FormField
          label="Price (£)"
          name="price"
          inputMode="decimal"
          maxLength={12}
          defaultValue={values.price ?? pence(commission.quotePence)}
          error={errors.price}
        />
        <FormField
          label="Deposit (£)"
          name="deposit"
          inputMode="decimal"
          maxLength={12}
          note="0 for none."
          defaultValue={values.deposit ?? pence(commission.depositPence)}
          error={errors.deposit}
        />
      </div>
      <FormField
        label="Expected by"
        name="expectedOn"
        type="date"
        defaultValue={values.expectedOn ?? commission.expectedOn ?? ""}
        error={errors.expectedOn}
      />
      <FormField
        label="Your words to the client"
        name="body"
        multiline
        rows={4}
        maxLength={REPLY_MAX}
        note={
          payments === "stripe"
            ? "The price, the deposit, the date and a Stripe link to pay the deposit follow your words."
            : payments === "instructions"
              ? "The price, the deposit, the date and your payment instructions follow your words."
              : "The price, the deposit and the date follow your words. For a deposit, set your payment instructions on the Sales page first."
        }
        defaultValue={values.body ?? ""}
        error={errors.body}
      />
      <FormMessages error={failure?.formError} success={result?.ok ? result.notice : undefined} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Sending..." : quoted ? "Send the new quote" : "Send quote"}
      </button>
    </fetcher.Form>
  );
}
