// page_views in D1 (the local copy /analytics reads without the SQL API) are kept for
// PAGE_VIEWS_RETENTION_DAYS, longer than the longest range /analytics shows (90 days); the Cron
// Trigger deletes older rows, a bounded number per run so that no run holds D1 for long.
import { inArray, lt } from "drizzle-orm";
import { pageViews } from "~/analytics/schema";
import type { Database } from "~/platform/db.server";

const ROWS_PER_RUN = 5000;

/** Deletes page views older than `days` days (at most ROWS_PER_RUN); how many went. */
export async function prunePageViews(database: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const old = database
    .select({ id: pageViews.id })
    .from(pageViews)
    .where(lt(pageViews.timestamp, cutoff))
    .limit(ROWS_PER_RUN);
  const result = await database.delete(pageViews).where(inArray(pageViews.id, old));
  return result.meta.changes;
}
