// The artist's quote for a commission, as one call for its route: the quote recorded (the commission is
// then Quoted), then sent to the client as a reply to their request, with a Stripe payment link for the
// deposit when Stripe is configured, or her payment instructions (a site setting). Commissions, the sales
// desk's Stripe client and the site's settings meet here, above them.
import type { Quote } from "~/commissions/quote-form";
import { depositLinkOf, forgetDepositLink, recordQuote, swapDepositLink } from "~/commissions/pipeline.server";
import { quoteText } from "~/commissions/quote-text";
import type { MailDeps } from "~/messages/deliver.server";
import { replyToMessage } from "~/messages/inbox.server";
import { absoluteUrl } from "~/ui/seo";
import { COMMISSIONS_PATH } from "~/commissions/path";
import { stripeOf, type Stripe } from "~/sales/stripe.server";
import { deactivateAtStripe } from "~/sales/payment-links.server";
import { paymentInstructions } from "~/site/settings.server";

export type QuoteOutcome =
  Awaited<ReturnType<typeof replyToMessage>> | "gone" | "out-of-order" | "no-payment-way" | "stripe-failed";

/**
 * Sends quote `submission` (the form's id: the reply's, and Stripe's Idempotency-Key, so a second tap makes
 * no second link or e-mail) for commission `id`. Nothing is recorded or sent when there is no way to pay.
 */
export async function sendQuote(deps: MailDeps, submission: string, id: string, quote: Quote): Promise<QuoteOutcome> {
  const stripe = stripeOf(deps.env);
  const instructions = stripe || quote.deposit === 0 ? null : await paymentInstructions(deps.database);
  if (!stripe && quote.deposit > 0 && !instructions) return "no-payment-way";
  const recorded = await recordQuote(deps.database, id, quote);
  if (recorded !== "moved") return recorded;
  let payment = instructions ? `To pay the deposit:\n${instructions}` : "";
  let link: string | null = null;
  if (stripe && quote.deposit > 0) {
    try {
      const made = await stripe.paymentLinks.create(
        {
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "gbp",
                unit_amount: quote.deposit,
                product_data: { name: "Deposit for a commissioned painting" },
              },
            },
          ],
          restrictions: { completed_sessions: { limit: 1 } },
          metadata: { commission: id },
          after_completion: {
            type: "redirect",
            redirect: { url: absoluteUrl(deps.env.SITE_URL, COMMISSIONS_PATH) },
          },
        },
        { idempotencyKey: `commission-deposit-${submission}` },
      );
      payment = `Pay the deposit here: ${made.url}`;
      link = made.id;
    } catch (error) {
      console.error(`[commissions] Stripe did not make the deposit link for ${id}:`, error);
      return "stripe-failed";
    }
  }
  // The link of an earlier quote must not be paid any more: this one replaces it. Declined meanwhile, neither may.
  const { replaced, kept } = await swapDepositLink(deps.database, id, link);
  await closeDepositLink(stripe, replaced, id);
  if (!kept) await closeDepositLink(stripe, link, id);
  return replyToMessage(deps, submission, id, quoteText(quote, quote.body, payment));
}

/**
 * Closes commission `id`'s deposit link, when it moves past Quoted or is deleted; the link is forgotten
 * only once Stripe has closed it, so one Stripe failed to close is closed by the next move or deletion.
 */
export async function closeDepositLinkOf(deps: Pick<MailDeps, "env" | "database">, id: string): Promise<void> {
  const link = await depositLinkOf(deps.database, id);
  if (link && (await closeDepositLink(stripeOf(deps.env), link, id))) await forgetDepositLink(deps.database, id, link);
}

/** Deactivates a deposit link a commission no longer asks to be paid; false when it may still be paid. */
async function closeDepositLink(stripe: Stripe | null, link: string | null, id: string): Promise<boolean> {
  if (!link) return true;
  if (!stripe) {
    console.error(`[commissions] Deposit link ${link} of ${id} stays open: Stripe is no longer configured.`);
    return false;
  }
  return deactivateAtStripe(stripe, { id: link, stripeId: link });
}
