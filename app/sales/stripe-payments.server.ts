// What Stripe tells the site through its webhook: a checkout of one of the artist's payment links was
// paid. The event's signature is checked first; the sale is then recorded under the checkout's id (so an
// event delivered twice, or twice at once, records one sale), the buyer gets the receipt with the
// certificate, and the link is deactivated. A payment for a work that sold meanwhile is kept for a refund.
import { and, eq, ne } from "drizzle-orm";
import { now } from "~/platform/columns";
import type { PublicCache } from "~/public-cache/purge.server";
import { ADDRESS_MAX, NAME_MAX } from "~/messages/limits";
import { todayIn } from "~/ui/dates";
import { closeStaleLinks, deactivateAtStripe } from "~/sales/payment-links.server";
import { recordSale } from "~/sales/record.server";
import { paymentLinks } from "~/sales/schema";
import { sendReceipt, type ReceiptDeps } from "~/sales/send-receipt.server";
import { verifiedEvent, type Stripe } from "~/sales/stripe.server";

export type StripeEventDeps = ReceiptDeps & { publicCache: PublicCache; stripe: Stripe; webhookSecret: string };

export type StripeEventOutcome = "bad-signature" | "ignored" | "recorded" | "refund";

/** The events that say a checkout was paid: at once (cards), or later (a delayed method succeeding). */
const PAID = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Checks a webhook's signature and acts on a paid checkout of one of the site's payment links. Throws
 * when the sale could not be written (the artwork changed at that moment, D1 failed): the webhook then
 * answers 500 and Stripe delivers the event again.
 */
export async function receiveStripeEvent(
  deps: StripeEventDeps,
  body: string,
  signature: string | null,
): Promise<StripeEventOutcome> {
  const event = await verifiedEvent(deps.stripe, body, signature, deps.webhookSecret);
  if (!event) return "bad-signature";
  if (!PAID.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  // A delayed method (a bank debit) completes unpaid, and is recorded when its success arrives.
  if (session.payment_status !== "paid") return "ignored";
  const linkId = session.metadata?.paymentLink;
  const link = linkId
    ? await deps.database.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).get()
    : undefined;
  if (!link) return "ignored";

  const outcome = await recordSale(deps.database, deps.publicCache, {
    id: session.id,
    artworkId: link.artworkId,
    optionId: link.optionId,
    editionNumber: null,
    pricePence: session.amount_total ?? link.amountPence,
    soldOn: todayIn(undefined, new Date(event.created * 1000)),
    payment: "stripe",
    shipping: "not-recorded",
    note: `Paid by card through Stripe (${session.id}).`,
    buyer: buyerOf(session),
    messageId: link.messageId,
  });
  if (!outcome.recorded) {
    if (outcome.refusal === "changed") throw new Error(`The artwork of payment link ${link.id} changed meanwhile.`);
    // Paid after the work sold (or went): the artist refunds it in Stripe; the Sales page says so.
    await settle(deps, link.id, "refund", null);
    console.error(`[sales] payment ${session.id} came after its work was sold (${outcome.refusal}): refund it`);
    await deactivateAtStripe(deps.stripe, link);
    return "refund";
  }
  await settle(deps, link.id, "paid", session.id);
  await sendReceipt(deps, `receipt-${session.id}`, session.id);
  await deactivateAtStripe(deps.stripe, link);
  // Other links for the same work (another print's buyer, an original's earlier link) may now be stale.
  await closeStaleLinks(deps.database, deps.stripe, link.artworkId);
  return "recorded";
}

/** Records how a link ended: paid (with its sale), or paid too late and to be refunded. */
async function settle(deps: StripeEventDeps, id: string, status: "paid" | "refund", saleId: string | null) {
  await deps.database
    .update(paymentLinks)
    .set({ status, saleId, updatedAt: now })
    .where(and(eq(paymentLinks.id, id), ne(paymentLinks.status, "paid")));
}

/** The buyer as Stripe collected them: their e-mail, the name and address the work is shipped to. */
function buyerOf(session: Stripe.Checkout.Session) {
  const email = session.customer_details?.email?.trim().toLowerCase();
  if (!email) return null;
  const shipping = session.collected_information?.shipping_details ?? null;
  const name = (shipping?.name || session.customer_details?.name || email).slice(0, NAME_MAX);
  const where = shipping?.address;
  const address = where
    ? [where.line1, where.line2, where.city, where.state, where.postal_code, where.country]
        .filter((part) => part && part.trim())
        .join("\n")
        .slice(0, ADDRESS_MAX) || null
    : null;
  return { name, email, address };
}
