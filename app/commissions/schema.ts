import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now, timestamp } from "~/platform/columns";
import type { ImageCopies } from "~/images/references";
import type { GuidePrice, TitledText } from "~/commissions/content";
import { COMMISSION_SUBJECTS } from "~/commissions/subjects";

/**
 * Where a commission stands, in order: asked for, quoted, deposit paid, being painted, delivered; or
 * declined (by either side) at any point before delivery.
 */
export const COMMISSION_STAGES = ["new", "quoted", "deposit-paid", "in-progress", "delivered", "declined"] as const;
export type CommissionStage = (typeof COMMISSION_STAGES)[number];

/**
 * A visitor's request for a commission. Its id is the id of the message that carried it (kind
 * "commission", app/messages/schema.ts), which is e-mailed, retried, held and answered as every message
 * is; this row keeps what the pipeline works with. No foreign key: the message is deleted with it, by
 * app/commissions/requests.server.ts, which deletes its photos too.
 */
export const commissions = sqliteTable(
  "commissions",
  {
    id: text("id").primaryKey(),
    subject: text("subject", { enum: COMMISSION_SUBJECTS }).notNull(),
    medium: text("medium").notNull(),
    size: text("size").notNull(),
    budgetMinPence: integer("budget_min_pence").notNull(),
    budgetMaxPence: integer("budget_max_pence").notNull(),
    // A date (YYYY-MM-DD), or null when the client named none.
    wantedBy: text("wanted_by"),
    stage: text("stage", { enum: COMMISSION_STAGES }).notNull().default("new"),
    // Photos the daily caps kept out of the request (it was held for the artist because of them).
    photosRefused: integer("photos_refused").notNull().default(0),
    // The quote, as last sent to the client: the price, the deposit that starts the work, the day it is expected.
    quotePence: integer("quote_pence"),
    depositPence: integer("deposit_pence"),
    expectedOn: text("expected_on"),
    // The Stripe payment link of the deposit last quoted, while it may still be paid: deactivated when a new
    // quote replaces it or the commission moves on (the deposit paid some other way, or declined).
    depositLink: text("deposit_link"),
    // The private link's token (/commissions/progress/{token}), made when the first progress is shared.
    progressToken: text("progress_token").unique(),
    // When it was delivered or declined: its photos are deleted COMMISSION_PHOTO_DAYS after.
    endedAt: timestamp("ended_at"),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [index("commissions_created_at_idx").on(t.createdAt), index("commissions_ended_at_idx").on(t.endedAt)],
);

/**
 * A reference photo sent with a request, private: its bytes in R2 under `private/commissions/`, served to the
 * signed-in artist alone. It arrives as part of a draft (`draftId`: one visitor's form, kept across a
 * refusal so nothing chosen is sent twice) and belongs to its commission once the request is stored.
 * `sender` (a keyed hash of the sender's network, never the address) and `bytes` count the daily caps.
 */
export const commissionPhotos = sqliteTable(
  "commission_photos",
  {
    id: text("id").primaryKey(),
    draftId: text("draft_id").notNull(),
    commissionId: text("commission_id"),
    key: text("key").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    bytes: integer("bytes").notNull(),
    sender: text("sender").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [
    index("commission_photos_created_at_idx").on(t.createdAt),
    index("commission_photos_sender_idx").on(t.sender, t.createdAt),
    index("commission_photos_commission_idx").on(t.commissionId),
    index("commission_photos_draft_idx").on(t.draftId),
  ],
);

/**
 * A photo of the work under way, shared with the client at the commission's private link: its bytes (and its
 * copies) in R2 under the private folder, beside the request's reference photos.
 */
export const progressPhotos = sqliteTable(
  "commission_progress_photos",
  {
    id: text("id").primaryKey(),
    commissionId: text("commission_id")
      .notNull()
      .references(() => commissions.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // The copies the image forms make (app/images/references.ts), by kind.
    copies: text("copies", { mode: "json" }).$type<ImageCopies>().notNull(),
    caption: text("caption").notNull().default(""),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [index("commission_progress_photos_commission_idx").on(t.commissionId, t.createdAt)],
);

/**
 * What the commissions page says, once the artist has saved it (/commissions/edit): one row, id 1. Until then
 * the page shows the demo content (app/commissions/content.ts). Its lists are JSON: they are only ever read and
 * written whole, with the rest of the page.
 */
export const commissionsPage = sqliteTable("commissions_page", {
  id: integer("id").primaryKey(),
  intro: text("intro").notNull(),
  subjects: text("subjects", { mode: "json" }).$type<TitledText[]>().notNull(),
  prices: text("prices", { mode: "json" }).$type<GuidePrice[]>().notNull(),
  pricesNote: text("prices_note").notNull(),
  leadTime: text("lead_time").notNull(),
  steps: text("steps", { mode: "json" }).$type<TitledText[]>().notNull(),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export type Commission = typeof commissions.$inferSelect;
export type ProgressPhoto = typeof progressPhotos.$inferSelect;
export type CommissionPhoto = typeof commissionPhotos.$inferSelect;
