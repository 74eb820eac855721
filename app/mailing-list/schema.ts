import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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

/** An artwork as an announcement showed it: fixed when it was sent, so its history reads as it went out. */
export type AnnouncedArtwork = {
  id: string;
  title: string;
  /** The site-relative page and image; made absolute with SITE_URL in the e-mail. */
  path: string;
  image: string | null;
  /** "Oil on canvas · 40 × 50 cm · £450". */
  detail: string;
  /** Its kinds of work: a subscriber who asked for some gets it only when one is theirs. */
  categories: Category[];
};

/** An event as an announcement showed it. */
export type AnnouncedEvent = { id: string; name: string; path: string; image: string | null; detail: string };

/** One e-mail to the list: the artist's line and what it announces, fixed when she pressed Send. */
export const announcements = sqliteTable(
  "announcements",
  {
    /** Made when the Announce screen opened: pressing Send twice sends one announcement. */
    id: text("id").primaryKey(),
    line: text("line").notNull(),
    artworks: text("artworks", { mode: "json" }).$type<AnnouncedArtwork[]>().notNull(),
    events: text("events", { mode: "json" }).$type<AnnouncedEvent[]>().notNull(),
    /** How many subscribers it was queued for. */
    recipients: integer("recipients").notNull().default(0),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [index("announcements_created_idx").on(t.createdAt)],
);

export type Announcement = typeof announcements.$inferSelect;

/**
 * Where one subscriber's e-mail of one announcement stands: `queued`, `sending` (claimed by one delivery of
 * the queue: no other sends it), `sent` (or `logged` without a mail key), `failed` (retried with backoff up
 * to MAX_SEND_ATTEMPTS), `skipped` (left the list, or no longer asks for anything it announces).
 */
export type RecipientStatus = "queued" | "sending" | "sent" | "logged" | "failed" | "skipped";

export const announcementRecipients = sqliteTable(
  "announcement_recipients",
  {
    announcementId: text("announcement_id").notNull(),
    subscriberId: text("subscriber_id").notNull(),
    /** 1, 2, 3… within its announcement: a queue message names a range of these, never the rows themselves. */
    seq: integer("seq").notNull(),
    status: text("status").$type<RecipientStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The delivery that claimed it, to record that delivery's outcome on its own rows only. */
    claim: text("claim"),
    error: text("error"),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.subscriberId] }),
    uniqueIndex("announcement_recipients_seq_idx").on(t.announcementId, t.seq),
    index("announcement_recipients_status_idx").on(t.status, t.updatedAt),
    // Deleting an address on request deletes its rows in every announcement.
    index("announcement_recipients_subscriber_idx").on(t.subscriberId),
  ],
);
