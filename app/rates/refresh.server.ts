// Once a day, after the ECB has published (its own Cron Trigger, wrangler.toml), the site reads the new
// rates and purges the pages that show prices, so their conversions follow the rates.
import type { Database } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { PRICES_TAG } from "~/public-cache/tags";
import { fetchEcbRates } from "~/rates/ecb.server";
import { storedRates, storeRates } from "~/rates/queries.server";
import { RATES_MAX_AGE_DAYS } from "~/rates/convert";

/** The Cron Trigger that refreshes the rates: 17:00 UTC, after the ECB's 16:00 CET in summer and winter. */
export const RATES_CRON = "0 17 * * *";

export type RatesRefresh = "updated" | "unchanged" | "unavailable";

/**
 * Reads the ECB's rates and keeps them when they are newer, purging the pages that show prices. When the
 * feed cannot be read and the rates kept are past their week, the pages are purged too: they show pounds.
 */
export async function refreshRates(
  database: Database,
  publicCache: PublicCache,
  now = new Date(),
): Promise<RatesRefresh> {
  const rates = await fetchEcbRates();
  if (!rates) {
    const kept = await storedRates(database);
    const age = kept ? (now.getTime() - Date.parse(kept.day)) / 86_400_000 : 0;
    // Once past the week, every day until the feed is back: a purge of pages already in pounds costs a render.
    if (kept && age > RATES_MAX_AGE_DAYS) await publicCache.purge([PRICES_TAG]);
    return "unavailable";
  }
  if (!(await storeRates(database, rates, now))) return "unchanged";
  await publicCache.purge([PRICES_TAG]);
  return "updated";
}
