import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { storeWithinHourlyCap, type Hold } from "~/platform/hourly-cap.server";
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

/** The admin's two lists: the testimonials received (approved or waiting), and those held past the hourly cap. */
export type TestimonialView = "received" | "held";

/**
 * One page of one list, newest first, for the admin's table, with the totals: however many a flood
 * leaves, the dashboard shows 25 at a time.
 */
export async function testimonialsPage(database: Database, view: TestimonialView, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    database
      .select()
      .from(testimonials)
      .where(eq(testimonials.held, view === "held"))
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit)
      .offset(offset),
    database
      .select({
        total: count(),
        pending: sql<number>`coalesce(sum(${testimonials.approved} = 0 and ${testimonials.held} = 0), 0)`,
        held: sql<number>`coalesce(sum(${testimonials.held}), 0)`,
      })
      .from(testimonials),
  ]);
  const held = totals?.held ?? 0;
  const received = (totals?.total ?? 0) - held;
  return {
    rows,
    paging: paging(page, view === "held" ? held : received),
    received,
    pending: totals?.pending ?? 0,
    held,
  };
}

/** A held testimonial joins the queue, waiting for approval; false when it is not held (any more). */
export async function releaseHeldTestimonial(database: Database, id: string): Promise<boolean> {
  const rows = await database
    .update(testimonials)
    .set({ held: false })
    .where(and(eq(testimonials.id, id), eq(testimonials.held, true)))
    .returning({ id: testimonials.id });
  return rows.length > 0;
}

/** Deletes every held testimonial (none is shown, so no page changes); how many. */
export async function deleteHeldTestimonials(database: Database): Promise<number> {
  const result = await database.delete(testimonials).where(eq(testimonials.held, true));
  return result.meta.changes;
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

/** Deletes every testimonial waiting for approval (none is shown, so no page changes); how many. Held ones stay. */
export async function deletePendingTestimonials(database: Database): Promise<number> {
  const result = await database
    .delete(testimonials)
    .where(and(eq(testimonials.approved, false), eq(testimonials.held, false)));
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
 * What a visitor is told when even the day's HELD_PER_DAY held testimonials are reached. The caps
 * stand beyond the per-address limit, since one sender rotating addresses would otherwise bury the
 * admin's queue.
 */
export const SITE_BUSY_WITH_TESTIMONIALS =
  "A great many testimonials have arrived in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.";

const TESTIMONIAL_HOLD: Hold<boolean> = { column: testimonials.held, held: true, open: false };

/**
 * Stores a visitor's testimonial as pending (shown only after the admin approves it) while this
 * hour's TESTIMONIALS_PER_HOUR is not reached, else held apart from the queue, until HELD_PER_DAY
 * held ones (null then: nothing stored).
 */
export async function storeTestimonialWithinCap(
  database: Database,
  caps: Pick<AppEnv, "TESTIMONIALS_PER_HOUR" | "HELD_PER_DAY">,
  input: { author: string; message: string },
  now = Date.now(),
): Promise<Testimonial | null> {
  const stored = await storeWithinHourlyCap<Testimonial>(
    database,
    testimonials,
    TESTIMONIAL_HOLD,
    { perHour: caps.TESTIMONIALS_PER_HOUR, heldPerDay: caps.HELD_PER_DAY },
    { id: newId(), author: input.author, message: input.message, approved: false },
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
    // A decision on a held testimonial takes it out of the held list too.
    .set({ approved, held: false })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (rows.length === 0) return false;
  await publicCache.purge([TESTIMONIALS_TAG]);
  return true;
}
