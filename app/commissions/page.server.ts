// The commissions page's words: as the artist saved them, or the demo content until she has.
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { COMMISSIONS_TAG } from "~/public-cache/tags";
import { DEMO_COMMISSIONS, type CommissionsContent } from "~/commissions/content";
import { commissionsPage } from "~/commissions/schema";
import { ratesColumn } from "~/rates/queries.server";
import { exchangeRates, type ExchangeRates } from "~/rates/schema";

/** The page's one row. */
const PAGE_ID = 1;

/**
 * What /commissions shows, when it was saved (null: the demo content, never saved), and the day's exchange
 * rates for its price guide (null without recent ones): one round trip.
 */
export async function commissionsContent(
  database: Database,
): Promise<{ content: CommissionsContent; savedAt: string | null; rates: ExchangeRates | null }> {
  const [[row], [held]] = await database.batch([
    database.select().from(commissionsPage).where(eq(commissionsPage.id, PAGE_ID)),
    database.select({ rates: ratesColumn }).from(exchangeRates).limit(1),
  ]);
  const rates = held?.rates ?? null;
  if (!row) return { content: DEMO_COMMISSIONS, savedAt: null, rates };
  const { id: _id, updatedAt, ...content } = row;
  return { content, savedAt: updatedAt, rates };
}

/**
 * Saves the page as the artist wrote it, over the version her form was made from (`version`: its savedAt,
 * "" for the demo content), and purges /commissions so every visitor reads it next. "changed" when the page
 * was saved since (another device, or this form sent again after its answer was lost): nothing is saved.
 */
export async function saveCommissionsContent(
  database: Database,
  publicCache: PublicCache,
  content: CommissionsContent,
  version: string,
): Promise<"saved" | "changed"> {
  const updatedAt = new Date().toISOString();
  const saved = await database
    .insert(commissionsPage)
    .values({ id: PAGE_ID, ...content, updatedAt })
    .onConflictDoUpdate({
      target: commissionsPage.id,
      set: { ...content, updatedAt },
      setWhere: sql`${commissionsPage.updatedAt} = ${version}`,
    })
    .returning({ id: commissionsPage.id });
  if (saved.length === 0) return "changed";
  await publicCache.purge([COMMISSIONS_TAG]);
  return "saved";
}
