// A commission request's reference photos, read from the request's body as they arrive (streamed with
// @remix-run/multipart-parser, one photo in memory at a time), each byte-sniffed, within the daily caps,
// and stored in R2 under the private folder (served to the signed-in artist alone). They belong to a
// draft, one visitor's form, until the request is stored: a refusal (a field to mend) keeps them, so a
// phone on a weak signal never sends the same photo twice.
import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseMultipartStream,
} from "@remix-run/multipart-parser";
import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { insertWhere } from "~/platform/insert-where.server";
import { readForm } from "~/forms/parse.server";
import { EXTENSION_OF, sniffImageType } from "~/images/bytes";
import { deleteImageObjects, PRIVATE_FOLDER, putImage } from "~/images/storage.server";
import { MEGABYTE } from "~/images/megabytes";
import { NOT_AN_IMAGE } from "~/images/limits";
import { fileDisplayName } from "~/images/file-name";
import { hmacSign } from "~/platform/hmac.server";
import { newId } from "~/platform/id";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PHOTOS_MAX, REQUEST_MAX_BYTES, TOO_MANY_PHOTOS } from "~/commissions/limits";
import { commissionPhotos, type CommissionPhoto } from "~/commissions/schema";

/** The form's fields: the photos chosen now, the draft they join, and the draft's photos ticked to keep. */
export const PHOTOS_FIELD = "photos";
export const DRAFT_FIELD = "draft";
export const KEEP_FIELD = "photo";

const TEXT_FIELD_MAX_BYTES = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const DRAFT_ID = /^[A-Za-z0-9]{20}$/;

export type PhotoCaps = Pick<
  AppEnv,
  | "COMMISSION_PHOTOS_PER_ADDRESS"
  | "COMMISSION_PHOTO_MB_PER_ADDRESS"
  | "COMMISSION_PHOTOS_PER_DAY"
  | "COMMISSION_PHOTO_MB_PER_DAY"
  | "SESSION_SECRET"
>;

/** What reading the request came to: its text fields, its draft's photos, and what went wrong with photos. */
export type ReceivedPhotos = {
  fields: FormData;
  draftId: string;
  /** The draft's photos as they stand: kept from before (still ticked) and stored now, oldest first. */
  photos: CommissionPhoto[];
  /** Photos stored by this request (deleted again when the form turns out to be a bot's). */
  added: CommissionPhoto[];
  /** Photos the daily caps kept out. */
  refused: number;
  /** Said on the photos field: not an image, one too many, too large; the photos read before it are kept. */
  problem?: { status: 400 | 413; message: string };
  /** Reading stopped before the first new photo because `beforePhotos` said so: none was stored. */
  stopped?: true;
};

/**
 * Reads a commission request: text fields into `fields`, each photo into R2 as it arrives, its row reserved
 * first within the daily caps. Never throws for what a visitor sends; R2 or D1 failing throws (the intake
 * answers that the request could not be sent). `beforePhotos` is asked once, with every text field (they
 * come before the photos in the form), before the first photo is stored: false stops reading there.
 */
export async function receivePhotos(
  request: Request,
  database: Database,
  bucket: R2Bucket,
  caps: PhotoCaps,
  sender: string,
  { beforePhotos, now = Date.now() }: { beforePhotos?: (fields: FormData) => Promise<boolean>; now?: number } = {},
): Promise<ReceivedPhotos> {
  const fields = new FormData();
  const boundary = getMultipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) {
    for (const [name, value] of await readForm(request)) if (typeof value === "string") fields.append(name, value);
    const draft = await openDraft(database, bucket, fields);
    return { fields, draftId: draft.id, photos: draft.photos, added: [], refused: 0 };
  }

  let draft: Draft | undefined;
  const added: CommissionPhoto[] = [];
  let refused = 0;
  let problem: ReceivedPhotos["problem"];
  let stopped: true | undefined;
  try {
    const parts = parseMultipartStream(request.body, {
      boundary,
      maxFileSize: PHOTO_MAX_BYTES,
      maxTotalSize: REQUEST_MAX_BYTES,
      maxParts: 200,
    });
    for await (const part of parts) {
      if (!part.name) continue;
      if (!part.isFile) {
        if (part.size > TEXT_FIELD_MAX_BYTES) {
          problem = { status: 413, message: "A field of the form is too long." };
          break;
        }
        fields.append(part.name, part.text);
        continue;
      }
      if (part.name !== PHOTOS_FIELD || (part.size === 0 && !part.filename)) continue;
      // The draft's fields come before the photos in the form, so they are all read by now.
      if (!draft && beforePhotos && !(await beforePhotos(fields))) {
        stopped = true;
        break;
      }
      draft ??= await openDraft(database, bucket, fields);
      const name = fileDisplayName(part.filename, "Photo");
      if (draft.photos.length + added.length >= PHOTOS_MAX) {
        problem ??= { status: 400, message: TOO_MANY_PHOTOS };
        continue;
      }
      const bytes = part.bytes;
      const type = sniffImageType(bytes);
      if (!type) {
        problem ??= { status: 400, message: NOT_AN_IMAGE(name) };
        continue;
      }
      const id = newId();
      const photo: CommissionPhoto = {
        id,
        draftId: draft.id,
        commissionId: null,
        key: `${PRIVATE_FOLDER}/commissions/${draft.id}/${id}.${EXTENSION_OF[type]}`,
        name,
        type,
        bytes: bytes.byteLength,
        sender,
        createdAt: new Date(now + added.length).toISOString(),
      };
      if (!(await reserve(database, caps, photo, now))) {
        refused++;
        continue;
      }
      try {
        await putImage(bucket, photo.key, bytes, type);
      } catch (error) {
        await database.delete(commissionPhotos).where(eq(commissionPhotos.id, id));
        throw error;
      }
      added.push(photo);
    }
  } catch (error) {
    problem = readingProblem(error, (draft?.photos.length ?? 0) + added.length);
  }
  // Recorded as each was stored, so what was stored is kept for the form's next sending even when reading
  // stopped half-way.
  draft ??= await openDraft(database, bucket, fields);
  return {
    fields,
    draftId: draft.id,
    photos: [...draft.photos, ...added],
    added,
    refused,
    problem,
    ...(stopped ? { stopped } : {}),
  };
}

/**
 * Stores `photo`'s row if the daily caps leave room for it, the sender's and the site's, counted over the
 * last 24 hours by the INSERT itself: two requests at once never both take the last room.
 */
async function reserve(database: Database, caps: PhotoCaps, photo: CommissionPhoto, now: number): Promise<boolean> {
  const dayAgo = new Date(now - DAY_MS).toISOString();
  const recent = sql`${commissionPhotos.createdAt} > ${dayAgo}`;
  const mine = sql`${recent} and ${commissionPhotos.sender} = ${photo.sender}`;
  const photos = (where: SQL) => sql`(select count(*) from ${commissionPhotos} where ${where})`;
  const bytes = (where: SQL) =>
    sql`(select coalesce(sum(${commissionPhotos.bytes}), 0) from ${commissionPhotos} where ${where})`;
  const room = sql`${photos(mine)} < ${caps.COMMISSION_PHOTOS_PER_ADDRESS}
    and ${bytes(mine)} + ${photo.bytes} <= ${caps.COMMISSION_PHOTO_MB_PER_ADDRESS * MEGABYTE}
    and ${photos(recent)} < ${caps.COMMISSION_PHOTOS_PER_DAY}
    and ${bytes(recent)} + ${photo.bytes} <= ${caps.COMMISSION_PHOTO_MB_PER_DAY * MEGABYTE}`;
  const stored = await insertWhere(database, commissionPhotos, photo, room).returning({ id: commissionPhotos.id });
  return stored.length > 0;
}

type Draft = { id: string; photos: CommissionPhoto[] };

/**
 * The draft the form names (or a new one), without the photos the visitor unticked (deleted now).
 */
async function openDraft(database: Database, bucket: R2Bucket, fields: FormData): Promise<Draft> {
  const named = fields.get(DRAFT_FIELD);
  const id = typeof named === "string" && DRAFT_ID.test(named) ? named : newId();
  const keep = fields.getAll(KEEP_FIELD).filter((value): value is string => typeof value === "string");
  const photos = await database
    .select()
    .from(commissionPhotos)
    .where(and(eq(commissionPhotos.draftId, id), isNull(commissionPhotos.commissionId)))
    .orderBy(commissionPhotos.createdAt);
  const unticked = photos.filter((photo) => !keep.includes(photo.id));
  if (unticked.length) await deletePhotos(database, bucket, unticked);
  return { id, photos: photos.filter((photo) => keep.includes(photo.id)) };
}

/** Deletes photos: their rows, then their bytes (a failure there is logged, and the bytes are orphaned). */
export async function deletePhotos(database: Database, bucket: R2Bucket, photos: CommissionPhoto[]): Promise<void> {
  if (!photos.length) return;
  for (let i = 0; i < photos.length; i += 90) {
    const ids = photos.slice(i, i + 90).map((photo) => photo.id);
    await database.delete(commissionPhotos).where(inArray(commissionPhotos.id, ids));
  }
  await deleteImageObjects(
    bucket,
    photos.map((photo) => photo.key),
  );
}

/** A draft's photos become its commission's once the request is stored. */
export function attachPhotos(database: Database, draftId: string, photoIds: string[], commissionId: string) {
  return database
    .update(commissionPhotos)
    .set({ commissionId })
    .where(
      and(
        eq(commissionPhotos.draftId, draftId),
        isNull(commissionPhotos.commissionId),
        inArray(commissionPhotos.id, photoIds.length ? photoIds : [""]),
      ),
    );
}

/** Photos of drafts never sent, a day after they arrived: the Cron Trigger's, a thousand a run. */
export async function deleteAbandonedDrafts(database: Database, bucket: R2Bucket, now = Date.now()): Promise<number> {
  const abandoned = await database
    .select()
    .from(commissionPhotos)
    .where(
      and(isNull(commissionPhotos.commissionId), lt(commissionPhotos.createdAt, new Date(now - DAY_MS).toISOString())),
    )
    .limit(1000);
  await deletePhotos(database, bucket, abandoned);
  return abandoned.length;
}

/** Who the per-address caps count: a keyed hash of the sender's network, so no address is stored. */
export async function senderOf(network: string, secrets: string[]): Promise<string> {
  const mac = await hmacSign("commission-photo-sender", secrets[0]!, network);
  return [...mac.subarray(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function readingProblem(error: unknown, photosRead: number): NonNullable<ReceivedPhotos["problem"]> {
  if (error instanceof MaxFileSizeExceededError) {
    return { status: 413, message: PHOTO_TOO_LARGE(`Photo ${photosRead + 1}`) };
  }
  if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) {
    return { status: 413, message: TOO_MANY_PHOTOS };
  }
  console.error("Reading a commission request failed:", error);
  return { status: 400, message: "The photos could not be read. Please choose them again." };
}
