import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";

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
    artworkId: text("post_id"),
  },
  (t) => [index("page_views_timestamp_idx").on(t.timestamp)],
);
