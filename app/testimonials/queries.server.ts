import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { insertWithinHourlyCap } from "~/platform/hourly-cap.server";
import { testimonials, type NewTestimonial, type Testimonial } from "~/testimonials/schema";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import { newId } from "~/platform/id";
import { pageWindow, paging } from "~/platform/paging";
import type { PublicCache } from "~/public-cache/purge.server";
import { TESTIMONIALS_TAG } from "~/public-cache/tags";

export type { Testimonial };

/** Approved testimonials, newest first: the only ones visitors see. */
export async function listApprovedTestimonials(
  database: Database,
  options: { limit?: number } = {},
): Promise<Testimonial[]> {
  const query = database
    .select()
    .from(testimonials)
    .where(eq(testimonials.approved, true))
    // The id settles ties, so "Show more" pages stay in one order.
    .orderBy(desc(testimonials.createdAt), asc(testimonials.id));
  return options.limit ? query.limit(options.limit) : query;
}

/**
 * One page of every testimonial, newest first, for the admin's table, with the totals: however many a
 * flood leaves, the dashboard shows 25 at a time.
 */
export async function testimonialsPage(database: Database, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    database
      .select()
      .from(testimonials)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit)
      .offset(offset),
    database
      .select({ total: count(), pending: sql<number>`coalesce(sum(${testimonials.approved} = 0), 0)` })
      .from(testimonials),
  ]);
  return { rows, paging: paging(page, totals?.total ?? 0), pending: totals?.pending ?? 0 };
}

/** Deletes a testimonial in any state (purging the public page when it was shown); false when there was none. */
export async function deleteTestimonial(database: Database, publicCache: PublicCache, id: string): Promise<boolean> {
  const [deleted] = await database
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ approved: testimonials.approved });
  if (!deleted) return false;
  if (deleted.approved) await publicCache.purge([TESTIMONIALS_TAG]);
  return true;
}

/** Deletes every testimonial still waiting for approval (none is shown, so no page changes); how many. */
export async function deletePendingTestimonials(database: Database): Promise<number> {
  const result = await database.delete(testimonials).where(eq(testimonials.approved, false));
  return result.meta.changes;
}

export async function upsertTestimonials(database: Database, rows: NewTestimonial[]): Promise<void> {
  if (rows.length === 0) return;
  await database
    .insert(testimonials)
    .values(rows)
    .onConflictDoUpdate({ target: testimonials.id, set: overwriteWithExcluded(testimonials) });
}

/**
 * What a visitor is told when the hour's TESTIMONIALS_PER_HOUR is reached. The cap stands beyond the
 * per-address limit, since one sender rotating addresses would otherwise bury the admin's queue.
 */
export const SITE_BUSY_WITH_TESTIMONIALS =
  "A great many testimonials have arrived in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.";

/**
 * Stores a visitor's testimonial as pending (shown only after the admin approves it), unless this
 * hour's TESTIMONIALS_PER_HOUR is already reached (null then).
 */
export async function storeTestimonialWithinCap(
  database: Database,
  caps: Pick<AppEnv, "TESTIMONIALS_PER_HOUR">,
  input: { author: string; message: string },
  now = Date.now(),
): Promise<Testimonial | null> {
  const stored = await insertWithinHourlyCap<Testimonial>(
    database,
    testimonials,
    caps.TESTIMONIALS_PER_HOUR,
    database
      .insert(testimonials)
      .values({ id: newId(), author: input.author, message: input.message, approved: false })
      .returning(),
    now,
  );
  return stored?.row ?? null;
}

/**
 * Approve (shown publicly) or disapprove (hidden) a testimonial and purge the testimonials page; false
 * when no such testimonial exists.
 */
export async function setTestimonialApproved(
  database: Database,
  publicCache: PublicCache,
  id: string,
  approved: boolean,
): Promise<boolean> {
  const rows = await database
    .update(testimonials)
    .set({ approved })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (rows.length === 0) return false;
  await publicCache.purge([TESTIMONIALS_TAG]);
  return true;
}
