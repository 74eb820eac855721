import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";
import type { ImageCopies } from "~/images/references";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    // Calendar date YYYY-MM-DD, no time zone: an event happens on a day in the UK.
    date: text("date").notNull(),
    location: text("location"),
    // Its optional image: an R2 key under events/, and the copies made of it (as an artwork image's).
    image: text("image"),
    imageCopies: text("image_copies", { mode: "json" }).$type<ImageCopies>(),
    // A draft is the admin's alone: neither /events nor the home page shows it.
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    // When it was first shown to visitors, as an artwork's `publishedAt`.
    publishedAt: timestamp("published_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("events_date_idx").on(t.date)],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
