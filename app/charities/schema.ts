import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";
import type { Share } from "~/charities/share";

/**
 * The charities the artist raises money for. One may be the default: a new artwork names it, with its
 * usual share. A charity a sale has pledged to cannot be deleted (the sale's foreign key says so).
 */
export const charities = sqliteTable(
  "charities",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // As its regulator writes it (app/charities/number.ts).
    number: text("number").notNull().unique(),
    website: text("website"),
    // One line on what it does, for the impact page.
    about: text("about").notNull().default(""),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    // The share a new artwork gives it when it is the default; null leaves the share for her to give.
    usualShare: text("usual_share", { mode: "json" }).$type<Share>(),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("charities_one_default_idx")
      .on(t.isDefault)
      .where(sql`is_default = 1`),
  ],
);

export type Charity = typeof charities.$inferSelect;

/**
 * Money the artist has given to a charity (her own record of it: the day, the amount, the charity's or
 * bank's reference). Shown beside what sales pledged, never mixed with it.
 */
export const donations = sqliteTable(
  "donations",
  {
    // The form's submission id: sent twice, it is recorded once.
    id: text("id").primaryKey(),
    charityId: text("charity_id")
      .notNull()
      .references(() => charities.id, { onDelete: "restrict" }),
    amountPence: integer("amount_pence").notNull(),
    // The day it was given (YYYY-MM-DD, the UK's calendar).
    givenOn: text("given_on").notNull(),
    reference: text("reference").notNull().default(""),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [index("donations_charity_idx").on(t.charityId, t.givenOn)],
);

export type Donation = typeof donations.$inferSelect;
