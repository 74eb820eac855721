import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: text("id").primaryKey(),
    author: text("author").notNull(),
    message: text("message").notNull(),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    // Arrived past the hourly cap (a flood): kept apart from the queue until the artist releases it.
    held: integer("held", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (t) => [
    index("testimonials_approved_created_at_idx").on(t.approved, t.createdAt),
    index("testimonials_held_created_at_idx").on(t.held, t.createdAt),
  ],
);

export type Testimonial = typeof testimonials.$inferSelect;
export type NewTestimonial = typeof testimonials.$inferInsert;
