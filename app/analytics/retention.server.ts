// page_views in D1 (the local copy /analytics reads without the SQL API) are kept for
// PAGE_VIEWS_RETENTION_DAYS, longer than the longest range /analytics shows (90 days); the Cron
// Trigger deletes older rows, a bounded number per run so that no run holds D1 for long. The days'
// counters (page_view_days) go with them, so they too stay one row per kept day.
import { inArray, lt } from "drizzle-orm";
import { pageViewDays, pageViews } from "~/analytics/schema";
import type { Database } from "~/platform/db.server";

const ROWS_PER_RUN = 5000;

/** Deletes page views older than `days` days (at most ROWS_PER_RUN), and the counters of days before them; how many views went. */
export async function prunePageViews(database: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const old = database
    .select({ id: pageViews.id })
    .from(pageViews)
    .where(lt(pageViews.timestamp, cutoff))
    .limit(ROWS_PER_RUN);
  // A day's counter goes once the whole day is before the cutoff, with the last of its views.
  const [views] = await database.batch([
    database.delete(pageViews).where(inArray(pageViews.id, old)),
    database.delete(pageViewDays).where(lt(pageViewDays.day, cutoff.slice(0, 10))),
  ]);
  return views.meta.changes;
}
