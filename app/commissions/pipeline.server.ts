// A commission's way from request to delivery: each move one conditional UPDATE, so two taps (or two
// devices) never skip a stage or move one back; the quote as last sent; the private link's token; and the
// photos of the work under way that the link shows.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import type { UploadedImage } from "~/images/references";
import { commissions, progressPhotos, type Commission, type CommissionStage } from "~/commissions/schema";
import { ENDS, stagesBefore } from "~/commissions/stages";
import type { Quote } from "~/commissions/quote-form";

/** How a move went: moved, no such commission, or not a move its stage allows now (the page was old). */
export type MoveOutcome = "moved" | "gone" | "out-of-order";

/** Why an update that should have moved commission `id` changed nothing: it is gone, or its stage is not one the move follows. */
async function whyNotMoved(database: Database, id: string): Promise<MoveOutcome> {
  const there = await database.select({ id: commissions.id }).from(commissions).where(eq(commissions.id, id)).get();
  return there ? "out-of-order" : "gone";
}

/** Moves commission `id` to `to` when its stage allows it; an end (delivered, declined) is dated. */
export async function moveStage(
  database: Database,
  id: string,
  to: CommissionStage,
  now = new Date(),
): Promise<MoveOutcome> {
  const moved = await database
    .update(commissions)
    .set({ stage: to, ...(ENDS.includes(to) ? { endedAt: now.toISOString() } : {}) })
    .where(and(eq(commissions.id, id), inArray(commissions.stage, stagesBefore(to))))
    .returning({ id: commissions.id });
  return moved.length ? "moved" : whyNotMoved(database, id);
}

/** Records a quote (new or changed) on commission `id`, which is then Quoted; the outcome as for a move. */
export async function recordQuote(database: Database, id: string, quote: Quote): Promise<MoveOutcome> {
  const moved = await database
    .update(commissions)
    .set({ stage: "quoted", quotePence: quote.price, depositPence: quote.deposit, expectedOn: quote.expectedOn })
    .where(and(eq(commissions.id, id), inArray(commissions.stage, stagesBefore("quoted"))))
    .returning({ id: commissions.id });
  return moved.length ? "moved" : whyNotMoved(database, id);
}

/**
 * Keeps `link` (a Stripe payment link's id, or null for none) as commission `id`'s deposit link while it is
 * Quoted, in one transaction: `replaced` is the link it takes the place of, for the caller to close, and
 * `kept` false when the commission moved on meanwhile (declined on another device): then `link` must be closed too.
 */
export async function swapDepositLink(
  database: Database,
  id: string,
  link: string | null,
): Promise<{ replaced: string | null; kept: boolean }> {
  const [before, kept] = await database.batch([
    database.select({ link: commissions.depositLink }).from(commissions).where(eq(commissions.id, id)),
    database
      .update(commissions)
      .set({ depositLink: link })
      .where(and(eq(commissions.id, id), eq(commissions.stage, "quoted")))
      .returning({ id: commissions.id }),
  ]);
  const previous = before[0]?.link ?? null;
  return { replaced: previous === link ? null : previous, kept: kept.length > 0 };
}

/** Commission `id`'s deposit link, while it may still be paid. */
export async function depositLinkOf(database: Database, id: string): Promise<string | null> {
  const row = await database
    .select({ link: commissions.depositLink })
    .from(commissions)
    .where(eq(commissions.id, id))
    .get();
  return row?.link ?? null;
}

/** Forgets `link` once Stripe has closed it: only that one (a new quote may have replaced it meanwhile). */
export async function forgetDepositLink(database: Database, id: string, link: string): Promise<void> {
  await database
    .update(commissions)
    .set({ depositLink: null })
    .where(and(eq(commissions.id, id), eq(commissions.depositLink, link)));
}

/** The token of commission `id`'s private link, made the first time it is asked for; null when there is none. */
export async function progressTokenOf(database: Database, id: string): Promise<string | null> {
  // 40 random letters and digits: two ids' worth, unguessable.
  const [row] = await database
    .update(commissions)
    .set({ progressToken: sql`coalesce(${commissions.progressToken}, ${newId() + newId()})` })
    .where(eq(commissions.id, id))
    .returning({ token: commissions.progressToken });
  return row?.token ?? null;
}

/** Adds photos of the work under way (stored in R2 already) to commission `id`, with one caption. */
export async function addProgressPhotos(
  database: Database,
  id: string,
  images: UploadedImage[],
  caption: string,
  now = Date.now(),
): Promise<void> {
  if (!images.length) return;
  await database.insert(progressPhotos).values(
    images.map((image, n) => ({
      id: newId(),
      commissionId: id,
      key: image.key,
      copies: image.copies,
      caption,
      createdAt: new Date(now + n).toISOString(),
    })),
  );
}

/** What the private link shows: the commission as the client knows it, and its progress photos, oldest first. */
export type ProgressView = {
  commission: Pick<Commission, "id" | "subject" | "medium" | "size" | "stage" | "expectedOn">;
  photos: { id: string; caption: string; createdAt: string; width: number | null }[];
};

export async function progressView(database: Database, token: string): Promise<ProgressView | undefined> {
  if (!/^[A-Za-z0-9]{40}$/.test(token)) return undefined;
  const commission = await database
    .select({
      id: commissions.id,
      subject: commissions.subject,
      medium: commissions.medium,
      size: commissions.size,
      stage: commissions.stage,
      expectedOn: commissions.expectedOn,
    })
    .from(commissions)
    .where(eq(commissions.progressToken, token))
    .get();
  if (!commission) return undefined;
  const photos = await database
    .select()
    .from(progressPhotos)
    .where(eq(progressPhotos.commissionId, commission.id))
    .orderBy(progressPhotos.createdAt);
  return {
    commission,
    photos: photos.map((photo) => ({
      id: photo.id,
      caption: photo.caption,
      createdAt: photo.createdAt,
      width: photo.copies.display?.width ?? null,
    })),
  };
}

/**
 * The R2 key of a progress photo for whoever holds its commission's link (the display copy when there is
 * one, else the original); undefined for any other token or photo.
 */
export async function progressPhotoKey(
  database: Database,
  token: string,
  photoId: string,
): Promise<string | undefined> {
  const row = await database
    .select({ key: progressPhotos.key, copies: progressPhotos.copies })
    .from(progressPhotos)
    .innerJoin(commissions, eq(commissions.id, progressPhotos.commissionId))
    .where(and(eq(progressPhotos.id, photoId), eq(commissions.progressToken, token)))
    .get();
  return row ? (row.copies.display?.key ?? row.key) : undefined;
}

/** The progress photos of commission `id`, for its page (the artist's). */
export function progressPhotosOf(database: Database, id: string) {
  return database
    .select()
    .from(progressPhotos)
    .where(eq(progressPhotos.commissionId, id))
    .orderBy(progressPhotos.createdAt);
}
