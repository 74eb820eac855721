// Stripe payment links in the artist's replies to enquiries: the work is reserved for the enquirer, a link
// for the agreed price (paid once, the shipping address collected) is made, and the reply carries it. A
// link whose work sold meanwhile, or whose reservation ended, is deactivated.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { now } from "~/platform/columns";
import type { PublicCache } from "~/public-cache/purge.server";
import { artworkPath } from "~/artworks/path";
import { getArtwork, type Artwork } from "~/artworks/queries.server";
import { isSoldOut, optionName } from "~/artworks/options";
import { formatPence } from "~/ui/money";
import { standingReservations } from "~/artworks/reservations";
import { artworks } from "~/artworks/schema";
import { replyToMessage } from "~/messages/inbox.server";
import type { MailDeps } from "~/messages/deliver.server";
import { getMessage } from "~/messages/queries.server";
import { absoluteUrl } from "~/ui/seo";
import { addDays, formatEventDate, todayIn } from "~/ui/dates";
import { RESERVE_DAYS } from "~/sales/form";
import { reserveArtwork } from "~/sales/reservations.server";
import { paymentLinks, type PaymentLink } from "~/sales/schema";
import type { Stripe } from "~/sales/stripe.server";

/** Where a buyer may have the work sent: the UK first, and the countries a courier usually reaches. */
export const SHIPPING_COUNTRIES = [
  "GB",
  "IE",
  "FR",
  "DE",
  "NL",
  "BE",
  "LU",
  "ES",
  "PT",
  "IT",
  "AT",
  "CH",
  "DK",
  "SE",
  "NO",
  "FI",
  "IS",
  "PL",
  "CZ",
  "GR",
  "MT",
  "CY",
  "US",
  "CA",
  "AU",
  "NZ",
  "JP",
  "SG",
  "HK",
  "AE",
  "ZA",
  "IN",
] as const;

export type PaymentLinkReply = {
  /** The reply form's submission id: the reply's id, the link's, and Stripe's Idempotency-Key. */
  id: string;
  messageId: string;
  amountPence: number;
  body: string;
};

export type PaymentLinkDeps = MailDeps & { publicCache: PublicCache; stripe: Stripe };

export type PaymentLinkOutcome =
  | Awaited<ReturnType<typeof replyToMessage>>
  | "not-enquiry"
  | "missing-artwork"
  | "needs-option"
  | "sold"
  | "held-already"
  | "changed"
  | "stripe-failed";

/**
 * The artist's reply with a payment link: the work reserved for the enquirer (a week), the link stored,
 * made by Stripe, then the reply (her words, the link and the day it is held until) stored and sent as
 * every reply is. Sent again, it makes no second link: Stripe answers the same key with the same link.
 */
export async function replyWithPaymentLink(
  deps: PaymentLinkDeps,
  reply: PaymentLinkReply,
  today: string = todayIn(),
): Promise<PaymentLinkOutcome> {
  const { database } = deps;
  const message = await getMessage(database, reply.messageId);
  if (!message || message.status === "held") return null;
  if (message.kind !== "enquiry" || !message.artworkId) return "not-enquiry";
  const artwork = await getArtwork(database, message.artworkId);
  if (!artwork) return "missing-artwork";
  const option = artwork.options.find((each) => optionName(each) === message.artworkOption) ?? null;
  if (artwork.options.length > 0 && !option) return "needs-option";

  const held = standingReservations(artwork.reservations, today).find(
    (reservation) => reservation.messageId === message.id && reservation.optionId === (option?.id ?? null),
  );
  const until = held?.until ?? addDays(today, RESERVE_DAYS);
  if (!held) {
    const reserved = await reserveArtwork(
      database,
      deps.publicCache,
      { artworkId: artwork.id, optionId: option?.id ?? null, name: message.name, until, messageId: message.id },
      today,
    );
    if (reserved !== "reserved") return reserved === "missing" ? "missing-artwork" : reservedRefusal(reserved);
  }

  await database
    .insert(paymentLinks)
    .values({
      id: reply.id,
      messageId: message.id,
      artworkId: artwork.id,
      optionId: option?.id ?? null,
      amountPence: reply.amountPence,
    })
    .onConflictDoNothing({ target: paymentLinks.id });
  const link = await makeLink(deps, reply.id, artwork, option && optionName(option));
  if (!link) return "stripe-failed";

  const body = [
    reply.body,
    "",
    `Pay ${formatPence(link.amountPence)} securely by card: ${link.url}`,
    `It is held for you until ${formatEventDate(until)}.`,
  ].join("\n");
  return replyToMessage(deps, reply.id, message.id, body);
}

type Refusal = Exclude<Awaited<ReturnType<typeof reserveArtwork>>, "reserved" | "missing">;

function reservedRefusal(refusal: Refusal): PaymentLinkOutcome {
  if (refusal === "needs-option" || refusal === "missing-option" || refusal === "past") return "needs-option";
  return refusal;
}

/**
 * The stored link made by Stripe (or the one it made already): paid once, in pounds, the shipping address
 * collected, our id in its metadata (copied to each checkout, so the webhook finds the link). Null when
 * Stripe did not answer; the link stays "new" and the same key asks again.
 */
async function makeLink(
  deps: PaymentLinkDeps,
  id: string,
  artwork: Pick<Artwork, "id" | "title">,
  option: string | null,
): Promise<{ url: string; amountPence: number } | null> {
  const stored = await deps.database.select().from(paymentLinks).where(eq(paymentLinks.id, id)).get();
  if (!stored) return null;
  if (stored.url) return { url: stored.url, amountPence: stored.amountPence };
  try {
    const made = await deps.stripe.paymentLinks.create(
      {
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: stored.amountPence,
              product_data: { name: option ? `${artwork.title} (${option})` : artwork.title },
            },
          },
        ],
        restrictions: { completed_sessions: { limit: 1 } },
        shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
        metadata: { paymentLink: id, artwork: artwork.id },
        after_completion: {
          type: "redirect",
          redirect: { url: absoluteUrl(deps.env.SITE_URL, artworkPath(artwork.id)) },
        },
      },
      { idempotencyKey: `payment-link-${id}` },
    );
    await deps.database
      .update(paymentLinks)
      .set({ stripeId: made.id, url: made.url, status: "open", updatedAt: now })
      .where(eq(paymentLinks.id, id));
    return { url: made.url, amountPence: stored.amountPence };
  } catch (error) {
    console.error(`[sales] Stripe did not make payment link ${id}:`, error);
    return null;
  }
}

/** Links still payable or waiting for a refund, newest first, with their works' titles: the Sales page's list. */
export async function listPaymentLinks(database: Database) {
  return database
    .select({
      id: paymentLinks.id,
      status: paymentLinks.status,
      url: paymentLinks.url,
      amountPence: paymentLinks.amountPence,
      artworkId: paymentLinks.artworkId,
      artworkTitle: artworks.title,
      messageId: paymentLinks.messageId,
      saleId: paymentLinks.saleId,
      createdAt: paymentLinks.createdAt,
    })
    .from(paymentLinks)
    .leftJoin(artworks, eq(artworks.id, paymentLinks.artworkId))
    .where(inArray(paymentLinks.status, ["open", "refund"]))
    .orderBy(paymentLinks.createdAt);
}

export type PaymentLinkRow = Awaited<ReturnType<typeof listPaymentLinks>>[number];

/** Whether an open link can still be paid for what it sells: the work there, not sold, and held for its enquirer. */
function stillPayable(link: PaymentLink, artwork: Artwork | undefined, today: string): boolean {
  if (!artwork) return false;
  const option = link.optionId ? artwork.options.find((each) => each.id === link.optionId) : null;
  if (option === undefined || (option ? isSoldOut(option) : artwork.available === "no")) return false;
  return standingReservations(artwork.reservations, today).some(
    (reservation) => reservation.messageId === link.messageId && reservation.optionId === link.optionId,
  );
}

/**
 * Deactivates open links (of one artwork, or all) that can no longer be paid: the work sold meanwhile,
 * was deleted, or its reservation ended or lapsed. Run after a link is paid and by the Cron Trigger.
 * A link Stripe did not deactivate stays open for the next run. Returns how many were closed.
 */
export async function closeStaleLinks(
  database: Database,
  stripe: Stripe,
  artworkId?: string,
  today: string = todayIn(),
): Promise<number> {
  const open = await database
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, "open"), artworkId ? eq(paymentLinks.artworkId, artworkId) : undefined));
  let closed = 0;
  for (const link of open) {
    const artwork = await getArtwork(database, link.artworkId);
    if (stillPayable(link, artwork, today)) continue;
    if (await deactivate(database, stripe, link)) closed += 1;
  }
  return closed;
}

/** Deactivates a link at Stripe, then records it closed; false when Stripe did not answer. */
async function deactivate(database: Database, stripe: Stripe, link: PaymentLink): Promise<boolean> {
  if (!(await deactivateAtStripe(stripe, link))) return false;
  await database
    .update(paymentLinks)
    .set({ status: "closed", updatedAt: now })
    .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, "open")));
  return true;
}

/** Asks Stripe to stop taking payments on a link; false (and a log line) when it did not answer. */
export async function deactivateAtStripe(stripe: Stripe, link: Pick<PaymentLink, "id" | "stripeId">): Promise<boolean> {
  try {
    if (link.stripeId) await stripe.paymentLinks.update(link.stripeId, { active: false });
    return true;
  } catch (error) {
    console.error(`[sales] Stripe did not deactivate payment link ${link.id}:`, error);
    return false;
  }
}

/** The artist refunded a payment made after its work had sold: the link leaves the Sales page's list. */
export async function markRefunded(database: Database, id: string): Promise<boolean> {
  const changed = await database
    .update(paymentLinks)
    .set({ status: "closed", updatedAt: now })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.status, "refund")))
    .returning({ id: paymentLinks.id });
  return changed.length > 0;
}
