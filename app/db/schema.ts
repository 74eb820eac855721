import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Category } from "~/lib/categories";
import type { ImageVariants } from "~/lib/images";

// Timestamps are ISO-8601 UTC strings: they sort correctly as text and read the same in D1's console,
// in JSON exports and in the Firestore import.
const timestamp = (name: string) => text(name);
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    medium: text("medium").notNull(),
    categories: text("categories", { mode: "json" })
      .$type<Category[]>()
      .notNull()
      .default(sql`'[]'`),
    // First of `categories`; older posts carry only this.
    category: text("category").notNull(),
    size: text("size").notNull(),
    price: text("price"),
    // R2 keys (our storage) or absolute http(s) URLs (legacy hosts).
    imageUrls: text("image_urls", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    // Browser-made display and thumbnail copies of uploaded originals, keyed by the entry in imageUrls.
    imageVariants: text("image_variants", { mode: "json" })
      .$type<ImageVariants>()
      .notNull()
      .default(sql`'{}'`),
    available: text("available", { enum: ["yes", "no"] })
      .notNull()
      .default("yes"),
    events: text("events", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at"),
    migratedAt: timestamp("migrated_at"),
    originalCloudinaryUrls: text("original_cloudinary_urls", { mode: "json" }).$type<string[]>(),
  },
  (t) => [index("posts_created_at_idx").on(t.createdAt), index("posts_category_idx").on(t.category)],
);

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    // Calendar date YYYY-MM-DD, no time zone: an event happens on a day in the UK.
    date: text("date").notNull(),
    location: text("location"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("events_date_idx").on(t.date)],
);

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: text("id").primaryKey(),
    author: text("author").notNull(),
    message: text("message").notNull(),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [index("testimonials_approved_created_at_idx").on(t.approved, t.createdAt)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["enquiry", "contact"] }).notNull(),
    // No foreign key: an enquiry must outlive the artwork it asked about.
    postId: text("post_id"),
    // The artwork's title when the enquiry was made, for the inbox and the e-mail subject.
    postTitle: text("post_title"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    address: text("address"),
    message: text("message").notNull(),
    // pending: stored, not yet tried; sending: an attempt is under way; sent: MailChannels accepted it;
    // failed: the last attempt failed (retried); logged: no MailChannels key, written to the log instead.
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "logged"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    handledAt: timestamp("handled_at"),
  },
  (t) => [
    index("messages_created_at_idx").on(t.createdAt),
    index("messages_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

// Page views and named events, written here when the Analytics Engine SQL API is not configured so that
// /analytics works locally and on a fresh deploy. Never holds an IP address.
export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    timestamp: timestamp("timestamp").notNull().default(now),
    event: text("event").notNull().default("pageview"),
    path: text("path").notNull(),
    visitId: text("visit_id").notNull(),
    visitor: text("visitor").notNull(),
    source: text("source").notNull().default("Direct"),
    device: text("device").notNull(),
    country: text("country"),
    screenWidth: integer("screen_width"),
    postId: text("post_id"),
  },
  (t) => [index("page_views_timestamp_idx").on(t.timestamp)],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type Testimonial = typeof testimonials.$inferSelect;
export type NewTestimonial = typeof testimonials.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type PageView = typeof pageViews.$inferSelect;
