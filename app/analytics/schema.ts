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

// One row per UTC day that had beacons while page views go to D1: how many reached the store that day
// and how many of them were dropped past PAGE_VIEWS_PER_DAY. `offered` is what decides whether a
// beacon is stored (record.server.ts), so the day's rows never pass the bound however many arrive at
// once; `dropped` and `bound` are what /analytics tells the admin. Pruned with the page views.
export const pageViewDays = sqliteTable("page_view_days", {
  day: text("day").primaryKey(),
  offered: integer("offered").notNull().default(0),
  dropped: integer("dropped").notNull().default(0),
  // The bound in force when the day's last view was dropped: the setting may have changed since.
  bound: integer("bound"),
});
