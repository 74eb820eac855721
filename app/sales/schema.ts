import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";
import { delivery } from "~/messages/schema";
import type { Payment, Shipping } from "~/sales/ways";
import { newCertificateNumber } from "~/sales/certificate-number";
import { charities } from "~/charities/schema";
import type { Share } from "~/charities/share";

/**
 * The people who bought from the artist, one per e-mail address (kept lower case). Their personal
 * details live here alone: deleting one on request leaves their purchases as anonymous sales.
 */
export const collectors = sqliteTable("collectors", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  address: text("address"),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/**
 * One sale of an original, or of one print of an option. Title and option are kept as they were when
 * sold, so a sale outlives the artwork's later edits and its deletion. Undoing a sale (a refund, a
 * mistake) dates it `undoneAt`: the work, its edition number, is free again, and the record stays.
 */
export const sales = sqliteTable(
  "sales",
  {
    id: text("id").primaryKey(),
    // No foreign key: the record of a sale outlives the artwork.
    artworkId: text("post_id").notNull(),
    artworkTitle: text("post_title").notNull(),
    // The option sold (app/artworks/options.ts) and its name then; null for an original.
    optionId: text("option_id"),
    optionName: text("option_name"),
    // Which print of a limited edition, and of how many ("7/50"); null for an original or an open edition.
    editionNumber: integer("edition_number"),
    editionSize: integer("edition_size"),
    // Integer pence; null when the one-tap "Mark sold" knew no price and none has been recorded since.
    pricePence: integer("price_pence"),
    // The day of the sale, as the artist gives it (YYYY-MM-DD, the UK's calendar).
    soldOn: text("sold_on").notNull(),
    payment: text("payment").$type<Payment>().notNull().default("not-recorded"),
    shipping: text("shipping").$type<Shipping>().notNull().default("not-recorded"),
    note: text("note").notNull().default(""),
    // The buyer; null for a sale recorded without one, or once the collector was deleted on request.
    collectorId: text("collector_id").references(() => collectors.id, { onDelete: "set null" }),
    // The charity the sale supports and the share it gives, fixed when it is recorded (a later change of
    // the artwork's share does not reach it), and what that pledges of the price paid, in pence: null
    // while no price is recorded. A charity with pledges cannot be deleted.
    charityId: text("charity_id").references(() => charities.id, { onDelete: "restrict" }),
    charityShare: text("charity_share", { mode: "json" }).$type<Share>(),
    pledgePence: integer("pledge_pence"),
    // The enquiry it came from; no foreign key, as an enquiry may be deleted when handled.
    messageId: text("message_id"),
    // The certificate of authenticity's number (app/sales/certificate-number.ts): random, so it cannot be
    // guessed, and never changed. Null only in a store that skipped migration 0023's backfill.
    certificateNumber: text("certificate_number").$defaultFn(newCertificateNumber),
    createdAt: timestamp("created_at").notNull().default(now),
    undoneAt: timestamp("undone_at"),
  },
  (t) => [
    index("sales_sold_on_idx").on(t.soldOn, t.createdAt),
    index("sales_collector_idx").on(t.collectorId),
    uniqueIndex("sales_certificate_number_idx").on(t.certificateNumber),
    // An original is sold once, and a print's number is used once, while their sale stands.
    uniqueIndex("sales_original_once_idx")
      .on(t.artworkId)
      .where(sql`option_id is null and undone_at is null`),
    uniqueIndex("sales_edition_number_once_idx")
      .on(t.artworkId, t.optionId, t.editionNumber)
      .where(sql`edition_number is not null and undone_at is null`),
  ],
);

/**
 * A receipt e-mailed to a sale's buyer with the certificate attached: stored before it is sent, and
 * delivered, retried and recorded as the artist's replies are (app/messages/outbox.server.ts).
 */
export const receipts = sqliteTable(
  "sale_receipts",
  {
    id: text("id").primaryKey(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    // Where it went: the buyer's address when it was sent (a collector deleted later takes it with them).
    email: text("email").notNull(),
    ...delivery(["pending", "sending", "sent", "failed", "logged"]),
  },
  (t) => [
    index("sale_receipts_sale_idx").on(t.saleId, t.createdAt),
    index("sale_receipts_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

/** Where a payment link stands (app/sales/payment-links.server.ts). */
export type PaymentLinkStatus = "new" | "open" | "paid" | "closed" | "refund";

/**
 * A Stripe payment link sent in the artist's reply to an enquiry: one work (or one print of an option) at
 * the agreed price, paid once. Stored before Stripe is asked, under the reply's submission id, so a reply
 * sent twice asks Stripe for one link (the id is Stripe's Idempotency-Key too).
 */
export const paymentLinks = sqliteTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    // The enquiry it answers; no foreign key, as an enquiry may be deleted when handled.
    messageId: text("message_id").notNull(),
    artworkId: text("post_id").notNull(),
    optionId: text("option_id"),
    amountPence: integer("amount_pence").notNull(),
    // Stripe's id (plink_...) and address, once Stripe has made the link.
    stripeId: text("stripe_id").unique(),
    url: text("url"),
    // new: stored, Stripe not yet answered; open: payable; paid: its sale recorded; closed: deactivated
    // unpaid (the work sold meanwhile, the reservation ended) or refunded; refund: paid after the work had
    // sold, for the artist to refund in Stripe.
    status: text("status").$type<PaymentLinkStatus>().notNull().default("new"),
    saleId: text("sale_id"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [index("payment_links_status_idx").on(t.status, t.artworkId)],
);

export type Sale = typeof sales.$inferSelect;
export type PaymentLink = typeof paymentLinks.$inferSelect;
export type Receipt = typeof receipts.$inferSelect;
export type NewSale = typeof sales.$inferInsert;
export type Collector = typeof collectors.$inferSelect;
export type NewCollector = typeof collectors.$inferInsert;
