import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { RATES_MAX_AGE_DAYS } from "~/rates/convert";
import { exchangeRates, type ExchangeRates } from "~/rates/schema";

/**
 * The rates as a column of the rows a page reads anyway (its artwork, its cards), so prices come with their
 * conversion in the page's one statement; null without rates, or with rates too old to show.
 */
export const ratesColumn = sql<ExchangeRates | null>`(select json_object('day', ${exchangeRates.day},
  'gbpPerEuro', ${exchangeRates.gbpPerEuro}, 'usdPerEuro', ${exchangeRates.usdPerEuro})
  from ${exchangeRates} where ${exchangeRates.source} = 'ecb'
  and ${exchangeRates.day} >= date('now', ${`-${RATES_MAX_AGE_DAYS} days`}))`.mapWith((json: string | null) =>
  json === null ? null : (JSON.parse(json) as ExchangeRates),
);

/** The rates the site holds, whatever their age (null before the first fetch). */
export async function storedRates(database: Database): Promise<ExchangeRates | null> {
  const row = await database
    .select({ day: exchangeRates.day, gbpPerEuro: exchangeRates.gbpPerEuro, usdPerEuro: exchangeRates.usdPerEuro })
    .from(exchangeRates)
    .get();
  return row ?? null;
}

/** Keeps `rates` unless the site holds rates of a later or the same day; true when they were new. */
export async function storeRates(database: Database, rates: ExchangeRates, now = new Date()): Promise<boolean> {
  const written = await database
    .insert(exchangeRates)
    .values({ source: "ecb", ...rates, fetchedAt: now.toISOString() })
    .onConflictDoUpdate({
      target: exchangeRates.source,
      set: {
        day: sql`excluded.day`,
        gbpPerEuro: sql`excluded.gbp_per_euro`,
        usdPerEuro: sql`excluded.usd_per_euro`,
        fetchedAt: sql`excluded.fetched_at`,
      },
      setWhere: sql`excluded.day > ${exchangeRates.day}`,
    })
    .returning({ day: exchangeRates.day });
  return written.length > 0;
}
