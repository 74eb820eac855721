// The artist's commission requests: listed (newest first, each with its stage and photos), read one by
// one with its photos, and deleted with them. Each joins the message that carried it (its sender, its
// words, whether it was held or e-mailed), which the Inbox answers as it answers every message.
import { and, count, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { deleteCommissionMessage } from "~/messages/queries.server";
import { messages } from "~/messages/schema";
import type { Database } from "~/platform/db.server";
import { pageWindow, paging, type Paging } from "~/platform/paging";
import { deleteImageObjects } from "~/images/storage.server";
import { deleteAbandonedDrafts, deletePhotos } from "~/commissions/photos.server";
import {
  commissionPhotos,
  commissions,
  progressPhotos,
  type Commission,
  type CommissionPhoto,
} from "~/commissions/schema";

/** A request as the list shows it: the pipeline's row, who sent it, and how many photos it holds. */
export type RequestRow = Commission & {
  name: string;
  email: string;
  status: (typeof messages.$inferSelect)["status"];
  photos: number;
  /** The first reference photo's id, for the list's thumbnail. */
  firstPhoto: string | null;
  /** The latest progress photo's id: once the work is under way, the list shows it instead. */
  latestProgress: string | null;
};

/** One page of requests, newest first, with how many there are. */
export async function requestsPage(database: Database, page: number): Promise<{ rows: RequestRow[]; paging: Paging }> {
  const { limit, offset } = pageWindow(page);
  const photos = database
    .select({ commissionId: commissionPhotos.commissionId, n: count().as("n") })
    .from(commissionPhotos)
    .where(isNotNull(commissionPhotos.commissionId))
    .groupBy(commissionPhotos.commissionId)
    .as("photo_counts");
  const [rows, [total]] = await database.batch([
    database
      .select({
        commission: commissions,
        name: messages.name,
        email: messages.email,
        status: messages.status,
        photos: sql<number>`coalesce(${photos.n}, 0)`,
        firstPhoto: sql<
          string | null
        >`(select ${commissionPhotos.id} from ${commissionPhotos} where ${commissionPhotos.commissionId} = ${commissions.id} order by ${commissionPhotos.createdAt} limit 1)`,
        latestProgress: sql<
          string | null
        >`(select ${progressPhotos.id} from ${progressPhotos} where ${progressPhotos.commissionId} = ${commissions.id} order by ${progressPhotos.createdAt} desc limit 1)`,
      })
      .from(commissions)
      .innerJoin(messages, eq(messages.id, commissions.id))
      .leftJoin(photos, eq(photos.commissionId, commissions.id))
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(limit)
      .offset(offset),
    database.select({ n: count() }).from(commissions),
  ]);
  return {
    rows: rows.map(({ commission, ...rest }) => ({ ...commission, ...rest })),
    paging: paging(page, total?.n ?? 0),
  };
}

/** How many requests are new (not yet quoted or declined): the dashboard's count. */
export function countNewRequests(database: Database): Promise<number> {
  return database.$count(commissions, eq(commissions.stage, "new"));
}

/** One request with its photos, oldest first; undefined when there is none of that id. */
export async function getRequest(
  database: Database,
  id: string,
): Promise<{ request: RequestRow; message: string; photos: CommissionPhoto[] } | undefined> {
  const [found, photos] = await database.batch([
    database
      .select({
        commission: commissions,
        name: messages.name,
        email: messages.email,
        message: messages.message,
        status: messages.status,
      })
      .from(commissions)
      .innerJoin(messages, eq(messages.id, commissions.id))
      .where(eq(commissions.id, id)),
    database
      .select()
      .from(commissionPhotos)
      .where(eq(commissionPhotos.commissionId, id))
      .orderBy(commissionPhotos.createdAt),
  ]);
  const [row] = found;
  if (!row) return undefined;
  const { commission, message, ...rest } = row;
  return {
    request: { ...commission, ...rest, photos: photos.length, firstPhoto: photos[0]?.id ?? null, latestProgress: null },
    message,
    photos,
  };
}

/** A photo of a stored request by its id: what the artist's photo route serves. */
export async function getRequestPhoto(database: Database, id: string): Promise<CommissionPhoto | undefined> {
  return database
    .select()
    .from(commissionPhotos)
    .where(and(eq(commissionPhotos.id, id), isNotNull(commissionPhotos.commissionId)))
    .get();
}

/**
 * Deletes a request: its rows (the message, its replies, the pipeline's row, the reference and progress
 * photos' rows) in one batch, then the photos' bytes (with the progress photos' copies). False when there
 * was none.
 */
export async function deleteRequest(database: Database, bucket: R2Bucket, id: string): Promise<boolean> {
  const [photos, progress] = await database.batch([
    database.select().from(commissionPhotos).where(eq(commissionPhotos.commissionId, id)),
    database.select().from(progressPhotos).where(eq(progressPhotos.commissionId, id)),
  ]);
  const [, , , gone] = await database.batch([
    database.delete(commissionPhotos).where(eq(commissionPhotos.commissionId, id)),
    database.delete(progressPhotos).where(eq(progressPhotos.commissionId, id)),
    deleteCommissionMessage(database, id),
    database.delete(commissions).where(eq(commissions.id, id)).returning({ id: commissions.id }),
  ]);
  await deleteImageObjects(bucket, [
    ...photos.map((photo) => photo.key),
    ...progress.flatMap((photo) => [photo.key, ...Object.values(photo.copies).map((copy) => copy!.key)]),
  ]);
  return gone.length > 0;
}

/** The requests sent from `email` (any letter case): a collector's details erased takes them too. */
export async function requestIdsFrom(database: Database, email: string): Promise<string[]> {
  const theirs = await database
    .select({ id: commissions.id })
    .from(commissions)
    .innerJoin(messages, eq(messages.id, commissions.id))
    .where(eq(sql`lower(${messages.email})`, email.toLowerCase()));
  return theirs.map(({ id }) => id);
}

/**
 * The photos of commissions that ended (delivered or declined) more than `days` ago: the Cron
 * Trigger's, a thousand a run. The request itself stays, for the artist's record.
 */
export async function deleteEndedPhotos(
  database: Database,
  bucket: R2Bucket,
  days: number,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
  const ended = await database
    .select({ photo: commissionPhotos })
    .from(commissionPhotos)
    .innerJoin(commissions, eq(commissions.id, commissionPhotos.commissionId))
    .where(and(isNotNull(commissions.endedAt), lt(commissions.endedAt, before)))
    .limit(1000);
  await deletePhotos(
    database,
    bucket,
    ended.map(({ photo }) => photo),
  );
  return ended.length;
}

/** The Cron Trigger's cleaning: photos of drafts never sent (a day on), and of commissions ended `days` ago. */
export async function deleteExpiredPhotos(
  database: Database,
  bucket: R2Bucket,
  days: number,
  now = Date.now(),
): Promise<{ drafts: number; ended: number }> {
  const drafts = await deleteAbandonedDrafts(database, bucket, now);
  const ended = await deleteEndedPhotos(database, bucket, days, now);
  return { drafts, ended };
}
