// The image migration tool: artworks whose images still live on the old site's hosts get them in R2,
// either uploaded by the admin or copied by the worker itself. An artwork changes only when all of its
// new images are stored; otherwise everything written is deleted again and the artwork stays as it was.
import { publicCacheFor, type PublicCache } from "~/public-cache/purge.server";
import { artworkChangeTags } from "~/public-cache/tags";
import { asc, count, isNotNull } from "drizzle-orm";
import { db, type Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { imageKeyFor } from "~/images/storage.server";
import { addMissingCopies } from "~/images/server-copies.server";
import { ImageWrites, type ImageBindings } from "~/images/writes.server";
import { readUpTo, sniffImageType } from "~/images/bytes";
import { imageOrigin } from "~/images/origin";
import { IMAGE_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { updateArtworkAsRead, type Artwork, type ArtworkWrite } from "~/artworks/queries.server";
import { getArtwork } from "~/artworks/queries.server";
import { artworkImages } from "~/artworks/save.server";
import { formFailure, type FailureStatus } from "~/forms/result.server";
import type { UploadedImage } from "~/images/references";
import { receiveImageUpload } from "~/images/upload.server";

export const FETCH_FAILED = "Failed to fetch posts. Please try again.";
export const UPLOAD_FAILED = "Failed to upload images. Please try again.";
export const NO_FILES = "Please select at least one image.";
export const CHANGED_WHILE_COPYING =
  "This artwork was changed while its images were being copied, so nothing was saved. Please try again.";
const ARTWORK_GONE = "That artwork no longer exists.";
export const COPY_TIMEOUT_MS = 10_000;

/** Artworks that still show an image from a legacy host, oldest first, so the order is stable while migrating. */
export async function artworksWithLegacyImages(database: Database, legacyHosts: readonly string[]): Promise<Artwork[]> {
  const all = await database.select().from(artworks).orderBy(asc(artworks.createdAt), asc(artworks.id));
  return all.filter((artwork) => hasLegacyImages(artwork, legacyHosts));
}

export function hasLegacyImages(artwork: Pick<Artwork, "imageUrls">, legacyHosts: readonly string[]): boolean {
  return artwork.imageUrls.some((stored) => imageOrigin(stored, legacyHosts) === "legacy");
}

/**
 * Replaces an artwork's legacy images with `added` (already in R2): it keeps its storage images, gains the
 * new ones, drops the legacy ones; `migratedAt` is set and `originalCloudinaryUrls` keeps the legacy URLs.
 * Written only while the artwork is as it was read ("missing" or "changed" otherwise: the caller then
 * deletes the copies), since copying can take long enough for an edit to be saved meanwhile.
 */
export async function migrateArtwork(
  database: Database,
  artwork: Artwork,
  added: UploadedImage[],
  legacyHosts: readonly string[],
): Promise<ArtworkWrite> {
  const legacy = artwork.imageUrls.filter((stored) => imageOrigin(stored, legacyHosts) === "legacy");
  const kept = artwork.imageUrls.filter((stored) => !legacy.includes(stored));
  return updateArtworkAsRead(database, artwork, {
    ...artworkImages(added, kept, artwork.imageCopies),
    migratedAt: new Date().toISOString(),
    originalCloudinaryUrls: [...new Set([...(artwork.originalCloudinaryUrls ?? []), ...legacy])],
  });
}

/** How many artworks the tool has migrated so far (for its progress bar). */
export async function countMigrated(database: Database): Promise<number> {
  const row = await database.select({ n: count() }).from(artworks).where(isNotNull(artworks.migratedAt)).get();
  return row?.n ?? 0;
}

/**
 * Why 'Copy automatically' kept nothing: an image could not be fetched (`message` says which and why;
 * the old host's fault, 502) or our storage failed (503). Everything written has been deleted again.
 */
export type CopyProblem = { status: 502; message: string } | { status: 503; storageFailed: true };

/** A name for the copy from the legacy URL's last path segment (Cloudinary and Firebase both end in the file name). */
function fileNameOf(url: string): string {
  try {
    const path = decodeURIComponent(new URL(url).pathname);
    return path.split("/").filter(Boolean).pop() ?? "image";
  } catch {
    return "image";
  }
}

/** Redirects followed at most, each checked like the first URL. */
const MAX_REDIRECTS = 3;
// One text for every network failure (refused, reset, silent until the timeout), so the tool cannot
// be used to tell open ports from closed ones.
const UNREACHABLE = "the host could not be reached";

/**
 * Whether the worker may fetch `url`: a host of the old site, over https (http only for localhost,
 * which a deployed Worker cannot reach: the local tests' stand-in host).
 */
export function mayFetchLegacy(url: string, legacyHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const secure = parsed.protocol === "https:" || (parsed.protocol === "http:" && parsed.hostname === "localhost");
  return secure && !parsed.username && !parsed.password && imageOrigin(url, legacyHosts) === "legacy";
}

/** The image's bytes, or why it could not be had (a reason to quote after "could not be copied: "). */
async function download(
  url: string,
  timeoutMs: number,
  legacyHosts: readonly string[],
): Promise<{ bytes: Uint8Array } | { reason: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  let response: Response;
  for (let redirects = 0; ; redirects++) {
    if (!mayFetchLegacy(current, legacyHosts)) {
      return {
        reason: redirects === 0 ? "its address is not an https address of the old site" : "the host sent it elsewhere",
      };
    }
    try {
      response = await fetch(current, { signal, redirect: "manual" });
    } catch {
      return { reason: UNREACHABLE };
    }
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) break;
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) return { reason: "the host redirected it too many times" };
    current = new URL(location, current).toString();
  }
  const tooLarge = { reason: `it is larger than ${formatMegabytes(IMAGE_MAX_BYTES)}` };
  if (!response.ok) return { reason: `the host answered ${response.status}` };
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > IMAGE_MAX_BYTES) return tooLarge;
  if (!response.body) return { reason: "the host sent nothing" };
  try {
    const bytes = await readUpTo(response.body, IMAGE_MAX_BYTES);
    return bytes ? { bytes } : tooLarge;
  } catch {
    return { reason: "it could not be read" };
  }
}

/**
 * 'Copy automatically': fetches each legacy image of `artwork` (within COPY_TIMEOUT_MS, at most
 * IMAGE_MAX_BYTES, checked to be an image by its bytes) and stores it through `writes`. All or nothing: on
 * the first failure the copies already stored are deleted and the problem says which image failed and why.
 */
export async function copyLegacyImages(
  writes: ImageWrites,
  artwork: Artwork,
  legacyHosts: readonly string[],
  { timeoutMs = COPY_TIMEOUT_MS, now = Date.now() } = {},
): Promise<{ images: UploadedImage[]; bytes: number } | { problem: CopyProblem }> {
  const legacy = artwork.imageUrls.filter((stored) => imageOrigin(stored, legacyHosts) === "legacy");
  const copied: UploadedImage[] = [];
  let bytes = 0;
  for (const [index, url] of legacy.entries()) {
    const fetched = await download(url, timeoutMs, legacyHosts);
    const type = "bytes" in fetched ? sniffImageType(fetched.bytes) : null;
    if (!("bytes" in fetched) || !type) {
      await writes.discard();
      const reason = "reason" in fetched ? fetched.reason : "it is not an image";
      return {
        problem: { status: 502, message: `Image ${index + 1} of ${legacy.length} could not be copied: ${reason}.` },
      };
    }
    const key = imageKeyFor(fileNameOf(url), now + index);
    copied.push({ key, copies: {} });
    bytes += fetched.bytes.byteLength;
    writes.put(key, fetched.bytes, type);
  }
  if (!(await writes.stored()) || !(await addMissingCopies(copied, writes))) {
    return { problem: { status: 503, storageFailed: true } };
  }
  return { images: copied, bytes };
}

/** The step of the tool's list a link or form names (0 when it names none). */
export const stepOf = (value: string | null) => Math.max(0, Number.parseInt(value ?? "0", 10) || 0);

// `intent` says which control failed, so the message appears beside it.
const refuse = (status: FailureStatus, formError: string, intent: "copy" | "upload" = "upload") => ({
  refusal: formFailure(status, { kept: { values: { intent } }, formError }),
});

/**
 * One step of the tool, from its form: the admin's replacements for an artwork's legacy images
 * (any intent but copy; the form sends intent=save) or copies the worker fetches itself (intent=copy),
 * stored and swapped in as one change through ImageWrites. The artwork and the step to show next
 * (`already` when it had been migrated before this request), or the form's refusal.
 */
export async function migrateFromForm(
  request: Request,
  env: ImageBindings & { DB: D1Database },
  publicCache: PublicCache,
  legacyHosts: readonly string[],
): Promise<{ artworkId: string; step: number; already?: true } | { refusal: ReturnType<typeof formFailure> }> {
  const database = db(env);
  const writes = new ImageWrites(env);
  const form = new FormData();
  const received = await receiveImageUpload(request, writes, form);
  if ("problem" in received) {
    const { problem } = received;
    return "storageFailed" in problem ? refuse(503, UPLOAD_FAILED) : refuse(problem.status, problem.message);
  }
  const images = received.images;
  const intent = form.get("intent") === "copy" ? "copy" : "upload";
  const artworkId = String(form.get("artworkId") ?? "");

  const step = stepOf(String(form.get("step") ?? "0"));
  let found;
  try {
    // The one artwork asked about, not the whole list.
    found = await getArtwork(database, artworkId);
  } catch (error) {
    console.error("Reading an artwork to migrate failed:", error);
    await writes.discard();
    return refuse(503, FETCH_FAILED);
  }
  const artwork = found && hasLegacyImages(found, legacyHosts) ? found : undefined;
  if (!artwork) {
    await writes.discard();
    // A step sent again after its answer was lost, or done meanwhile in another tab: the artwork is its own
    // idempotency key, migrated once. Nothing more is stored, and the answer says so.
    if (found?.migratedAt) return { artworkId, step, already: true };
    return refuse(404, "That artwork has no legacy images left to migrate.");
  }

  let added = images;
  if (intent === "copy") {
    await writes.discard();
    const copied = await copyLegacyImages(writes, artwork, legacyHosts);
    // The old host failed (502), or our own storage did (503).
    if ("problem" in copied) {
      const { problem } = copied;
      return "storageFailed" in problem ? refuse(503, UPLOAD_FAILED, "copy") : refuse(502, problem.message, "copy");
    }
    added = copied.images;
  } else if (images.length === 0) {
    return refuse(400, NO_FILES);
  }
  try {
    const outcome = await commitMigration(writes, database, publicCache, artwork, added, legacyHosts);
    if (outcome === "changed") return refuse(409, CHANGED_WHILE_COPYING, intent);
    if (outcome === "missing") return refuse(404, ARTWORK_GONE, intent);
  } catch (error) {
    console.error("Saving a migrated artwork failed:", error);
    return refuse(503, UPLOAD_FAILED, intent);
  }
  return { artworkId, step };
}

/**
 * Swaps `added` (stored through `writes`) in for the artwork's legacy images and purges the pages that
 * show it, or deletes them again.
 */
async function commitMigration(
  writes: ImageWrites,
  database: Database,
  publicCache: PublicCache,
  artwork: Artwork,
  added: UploadedImage[],
  legacyHosts: readonly string[],
): Promise<ArtworkWrite> {
  const outcome = await writes.commit(
    () => migrateArtwork(database, artwork, added, legacyHosts),
    (result) => result === "saved",
  );
  if (outcome === "saved") await publicCache.purge(artworkChangeTags(artwork.id));
  return outcome;
}

export type CopyReport = { migrated: number; failed: Array<{ id: string; title: string; reason: string }> };
/** How far `copyAllLegacyImages` is, after each artwork: for a command's progress line. */
export type CopyProgress = { done: number; total: number; images: number; bytes: number };

/**
 * 'Copy automatically' for every artwork that still shows a legacy image (after `npm run import
 * -- --copy-images`): each artwork is copied, given its light copies and swapped in on its own, so one
 * failing host does not stop the others.
 */
export async function copyAllLegacyImages(
  env: ImageBindings & { DB: D1Database },
  legacyHosts: readonly string[],
  onProgress?: (progress: CopyProgress) => void,
): Promise<CopyReport> {
  const database = db(env);
  // Run from a script, where only the stand-in's record in D1 can be reached.
  const publicCache = publicCacheFor(database, undefined);
  const report: CopyReport = { migrated: 0, failed: [] };
  const artworks = await artworksWithLegacyImages(database, legacyHosts);
  const progress: CopyProgress = { done: 0, total: artworks.length, images: 0, bytes: 0 };
  onProgress?.({ ...progress });
  for (const artwork of artworks) {
    const writes = new ImageWrites(env);
    const fail = (reason: string) => report.failed.push({ id: artwork.id, title: artwork.title, reason });
    try {
      const copied = await copyLegacyImages(writes, artwork, legacyHosts);
      if ("problem" in copied) {
        fail("storageFailed" in copied.problem ? UPLOAD_FAILED : copied.problem.message);
        continue;
      }
      const outcome = await commitMigration(writes, database, publicCache, artwork, copied.images, legacyHosts);
      if (outcome === "saved") {
        report.migrated += 1;
        progress.images += copied.images.length;
        progress.bytes += copied.bytes;
      } else fail(outcome === "changed" ? CHANGED_WHILE_COPYING : ARTWORK_GONE);
    } catch (error) {
      console.error(`Migrating ${artwork.id} failed:`, error);
      fail(UPLOAD_FAILED);
    } finally {
      progress.done += 1;
      onProgress?.({ ...progress });
    }
  }
  return report;
}
