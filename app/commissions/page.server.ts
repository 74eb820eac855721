// The commissions page's words: as the artist saved them, or the demo content until she has.
import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { COMMISSIONS_TAG } from "~/public-cache/tags";
import { DEMO_COMMISSIONS, type CommissionsContent } from "~/commissions/content";
import { commissionsPage } from "~/commissions/schema";

/** The page's one row. */
const PAGE_ID = 1;

/** What /commissions shows, and when it was saved (null: the demo content, never saved). */
export async function commissionsContent(
  database: Database,
): Promise<{ content: CommissionsContent; savedAt: string | null }> {
  const row = await database.select().from(commissionsPage).where(eq(commissionsPage.id, PAGE_ID)).get();
  if (!row) return { content: DEMO_COMMISSIONS, savedAt: null };
  const { id: _id, updatedAt, ...content } = row;
  return { content, savedAt: updatedAt };
}

/** Saves the page as the artist wrote it, and purges /commissions so every visitor reads it next. */
export async function saveCommissionsContent(
  database: Database,
  publicCache: PublicCache,
  content: CommissionsContent,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await database
    .insert(commissionsPage)
    .values({ id: PAGE_ID, ...content, updatedAt })
    .onConflictDoUpdate({ target: commissionsPage.id, set: { ...content, updatedAt } });
  await publicCache.purge([COMMISSIONS_TAG]);
}
