import { sqliteTable, text } from "drizzle-orm/sqlite-core";

// Facts about the site that are not content rows, one per key. The about page reads "portrait" in its one
// batch, so a render never asks R2 whether the portrait exists (an R2 round trip on every miss).
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
