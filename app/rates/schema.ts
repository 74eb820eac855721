import { real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "~/platform/columns";

/**
 * The European Central Bank's latest daily reference rates the site has read, one row: how many pounds and
 * dollars a euro buys on `day`, the ECB's date for them. The pages convert prices with these.
 */
export const exchangeRates = sqliteTable("exchange_rates", {
  source: text("source", { enum: ["ecb"] }).primaryKey(),
  day: text("day").notNull(),
  gbpPerEuro: real("gbp_per_euro").notNull(),
  usdPerEuro: real("usd_per_euro").notNull(),
  fetchedAt: timestamp("fetched_at").notNull(),
});

export type ExchangeRates = Pick<typeof exchangeRates.$inferSelect, "day" | "gbpPerEuro" | "usdPerEuro">;
