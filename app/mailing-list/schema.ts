import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";
import type { Category } from "~/artworks/categories";
import type { Source } from "~/mailing-list/form";

/**
 * Where an address stands: `pending` until its owner confirms through the e-mailed link, `confirmed`
 * (mailed what its preferences ask for), `left` (never mailed again unless subscribed and confirmed anew).
 */
export type SubscriberStatus = "pending" | "confirmed" | "left";

/** What a subscriber hears about: new work (in every category, or only in `categories`) and events. */
export type Preferences = { newWork: boolean; categories: Category[]; events: boolean };

/** What was agreed to, recorded when the address was confirmed (UK GDPR and PECR ask for it). */
export type Consent = { at: string; wording: string; preferences: Preferences };

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: text("id").primaryKey(),
    /** Lower case: one row per address. */
    email: text("email").notNull().unique(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    newWork: integer("new_work", { mode: "boolean" }).notNull().default(true),
    /** Only these categories of new work; none named: every category. */
    categories: text("categories", { mode: "json" }).$type<Category[]>().notNull().default([]),
    events: integer("events", { mode: "boolean" }).notNull().default(true),
    /** Where the address was given: the footer, the Events page or a sold work's page. */
    source: text("source").$type<Source>().notNull().default("footer"),
    /**
     * When the latest subscribe request was made: the confirm link names it, so a link sent before the
     * address left (or before a newer request) confirms nothing.
     */
    requestedAt: timestamp("requested_at").notNull().default(now),
    /** A confirmation is owed and not yet sent: past the site's hourly cap it waits for the cron. */
    confirmationDue: integer("confirmation_due", { mode: "boolean" }).notNull().default(true),
    /** When the last confirmation e-mail went out: at most one a day to an address. */
    confirmationSentAt: timestamp("confirmation_sent_at"),
    consent: text("consent", { mode: "json" }).$type<Consent>(),
    leftAt: timestamp("left_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [
    index("subscribers_status_idx").on(t.status, t.createdAt),
    index("subscribers_confirmation_idx").on(t.confirmationDue, t.confirmationSentAt),
  ],
);

export type Subscriber = typeof subscribers.$inferSelect;
