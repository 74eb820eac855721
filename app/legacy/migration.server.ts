// The image migration tool: posts whose images still live on the old site's hosts get them in R2,
// either uploaded by the admin or copied by the worker itself. A post changes only when all of its
// new images are stored; otherwise everything written is deleted again and the post stays as it was.
import { publicCacheFor, type PublicCache } from "~/public-cache/purge.server";
import { artworkChangeTags } from "~/public-cache/tags";
import { asc, count, isNotNull } from "drizzle-orm";
import { db, type Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { imageKeyFor } from "~/images/storage.server";
import { addMissingCopies } from "~/images/server-copies.server";
import { ImageWrites, StorageFailed, type ImageBindings } from "~/images/writes.server";
import { readUpTo, sniffImageType } from "~/images/bytes";
import { imageOrigin } from "~/images/origin";
import { IMAGE_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { updateArtworkAsRead, type Artwork, type ArtworkWrite } from "~/artworks/queries.server";
import { getArtwork } from "~/artworks/queries.server";
import { artworkImages } from "~/artworks/save.server";
import { formFailure, type FailureStatus } from "~/forms/result.server";
import type { UploadedImage } from "~/images/references";
import { receiveImageUpload, UploadRejected } from "~/images/upload.server";

export const FETCH_FAILED = "Failed to fetch posts. Please try again.";
export const UPLOAD_FAILED = "Failed to upload images. Please try again.";
export const NO_FILES = "Please select at least one image.";
export const CHANGED_WHILE_COPYING =
  "This artwork was changed while its images were being copied, so nothing was saved. Please try again.";
export const COPY_TIMEOUT_MS = 10_000;

/** Posts that still show an image from a legacy host, oldest first, so the order is stable while migrating. */
export async function artworksWithLegacyImages(database: Database, legacyHosts: readonly string[]): Promise<Artwork[]> {
  const all = await database.select().from(artworks).orderBy(asc(artworks.createdAt), asc(artworks.id));
  return all.filter((artwork) => hasLegacyImages(artwork, legacyHosts));
}

export function hasLegacyImages(artwork: Pick<Artwork, "imageUrls">, legacyHosts: readonly string[]): boolean {
  return artwork.imageUrls.some((stored) => imageOrigin(stored, legacyHosts) === "legacy");
}

/**
 * Replaces a post's legacy images with `added` (already in R2): it keeps its storage images, gains the
 * new ones, drops the legacy ones; `migratedAt` is set and `originalCloudinaryUrls` keeps the legacy URLs.
 * Written only while the post is as it was read ("missing" or "changed" otherwise: the caller then
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
    ...artworkImages(added, kept, artwork.imageVariants),
    migratedAt: new Date().toISOString(),
    originalCloudinaryUrls: [...new Set([...(artwork.originalCloudinaryUrls ?? []), ...legacy])],
  });
}

/** How many posts the tool has migrated so far (for its progress bar). */
export async function countMigrated(database: Database): Promise<number> {
  const row = await database.select({ n: count() }).from(artworks).where(isNotNull(artworks.migratedAt)).get();
  return row?.n ?? 0;
}

/** A legacy image could not be copied; nothing was kept. `reason` says which and why. */
export class CopyFailed extends Error {}

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

async function download(url: string, timeoutMs: number, legacyHosts: readonly string[]): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  let response: Response;
  for (let redirects = 0; ; redirects++) {
    if (!mayFetchLegacy(current, legacyHosts)) {
      throw new CopyFailed(
        redirects === 0 ? "its address is not an https address of the old site" : "the host sent it elsewhere",
      );
    }
    try {
      response = await fetch(current, { signal, redirect: "manual" });
    } catch {
      throw new CopyFailed(UNREACHABLE);
    }
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) break;
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) throw new CopyFailed("the host redirected it too many times");
    current = new URL(location, current).toString();
  }
  if (!response.ok) throw new CopyFailed(`the host answered ${response.status}`);
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > IMAGE_MAX_BYTES) throw new CopyFailed(`it is larger than ${formatMegabytes(IMAGE_MAX_BYTES)}`);
  if (!response.body) throw new CopyFailed("the host sent nothing");
  const bytes = await readUpTo(response.body, IMAGE_MAX_BYTES);
  if (!bytes) throw new CopyFailed(`it is larger than ${formatMegabytes(IMAGE_MAX_BYTES)}`);
  return bytes;
}

/**
 * 'Copy automatically': fetches each legacy image of `artwork` (within COPY_TIMEOUT_MS, at most
 * IMAGE_MAX_BYTES, checked to be an image by its bytes) and stores it through `writes`. All or nothing: on the first failure the
 * copies already stored are deleted and CopyFailed says which image failed and why.
 */
export async function copyLegacyImages(
  writes: ImageWrites,
  artwork: Artwork,
  legacyHosts: readonly string[],
  { timeoutMs = COPY_TIMEOUT_MS, now = Date.now() } = {},
): Promise<UploadedImage[]> {
  const legacy = artwork.imageUrls.filter((stored) => imageOrigin(stored, legacyHosts) === "legacy");
  const copied: UploadedImage[] = [];
  try {
    for (const [index, url] of legacy.entries()) {
      const failed = (reason: string) =>
        new CopyFailed(`Image ${index + 1} of ${legacy.length} could not be copied: ${reason}.`);
      let bytes: Uint8Array;
      try {
        bytes = await download(url, timeoutMs, legacyHosts);
      } catch (error) {
        throw failed(error instanceof CopyFailed ? error.message : "it could not be read");
      }
      const type = sniffImageType(bytes);
      if (!type) throw failed("it is not an image");
      const key = imageKeyFor(fileNameOf(url), now + index);
      copied.push({ key, copies: {} });
      writes.put(key, bytes, type);
    }
    await writes.stored();
    await addMissingCopies(copied, writes);
    return copied;
  } catch (error) {
    await writes.discard();
    if (error instanceof CopyFailed || error instanceof StorageFailed) throw error;
    console.error("Storing a copied image failed:", error);
    throw new StorageFailed(UPLOAD_FAILED);
  }
}

/** The step of the tool's list a link or form names (0 when it names none). */
export const stepOf = (value: string | null) => Math.max(0, Number.parseInt(value ?? "0", 10) || 0);

// `intent` says which control failed, so the message appears beside it.
const refuse = (status: FailureStatus, formError: string, intent: "copy" | "upload" = "upload") => ({
  failure: formFailure(status, { kept: { values: { intent } }, formError }),
});

/**
 * One step of the tool, from its form: the admin's replacements for an artwork's legacy images
 * (intent=upload) or copies the worker fetches itself (intent=copy), stored and swapped in as one
 * change through ImageWrites. The artwork and the step to show next, or the form's failure.
 */
export async function migrateFromForm(
  request: Request,
  env: ImageBindings & { DB: D1Database },
  publicCache: PublicCache,
  legacyHosts: readonly string[],
): Promise<{ artworkId: string; step: number } | { failure: ReturnType<typeof formFailure> }> {
  const database = db(env);
  const writes = new ImageWrites(env);
  const form = new FormData();
  let images: UploadedImage[];
  try {
    images = await receiveImageUpload(request, writes, form);
  } catch (error) {
    if (error instanceof UploadRejected) return refuse(error.status, error.message);
    if (error instanceof StorageFailed) return refuse(503, UPLOAD_FAILED);
    throw error;
  }
  const intent = form.get("intent") === "copy" ? "copy" : "upload";
  const artworkId = String(form.get("artworkId") ?? "");

  let artwork;
  try {
    // The one artwork asked about, not the whole list.
    const found = await getArtwork(database, artworkId);
    artwork = found && hasLegacyImages(found, legacyHosts) ? found : undefined;
  } catch (error) {
    console.error("Reading an artwork to migrate failed:", error);
    await writes.discard();
    return refuse(503, FETCH_FAILED);
  }
  if (!artwork) {
    await writes.discard();
    return refuse(404, "That post has no legacy images left to migrate.");
  }

  let added = images;
  if (intent === "copy") {
    await writes.discard();
    try {
      added = await copyLegacyImages(writes, artwork, legacyHosts);
    } catch (error) {
      // The old host failed (502), or our own storage did (503).
      if (error instanceof CopyFailed) return refuse(502, error.message, "copy");
      if (error instanceof StorageFailed) return refuse(503, UPLOAD_FAILED, "copy");
      throw error;
    }
  } else if (images.length === 0) {
    return refuse(400, NO_FILES);
  }
  try {
    const outcome = await commitMigration(writes, database, publicCache, artwork, added, legacyHosts);
    if (outcome === "changed") return refuse(409, CHANGED_WHILE_COPYING, intent);
    if (outcome === "missing") return refuse(404, "That post no longer exists.", intent);
  } catch (error) {
    console.error("Saving a migrated artwork failed:", error);
    return refuse(503, UPLOAD_FAILED, intent);
  }
  return { artworkId, step: stepOf(String(form.get("step") ?? "0")) };
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

/**
 * 'Copy automatically' for every artwork that still shows a legacy image (after `npm run import
 * -- --copy-images`): each artwork is copied, given its light copies and swapped in on its own, so one
 * failing host does not stop the others.
 */
export async function copyAllLegacyImages(
  env: ImageBindings & { DB: D1Database },
  legacyHosts: readonly string[],
): Promise<CopyReport> {
  const database = db(env);
  // Run from a script, where only the stand-in's record in D1 can be reached.
  const publicCache = publicCacheFor(database, undefined);
  const report: CopyReport = { migrated: 0, failed: [] };
  for (const artwork of await artworksWithLegacyImages(database, legacyHosts)) {
    const writes = new ImageWrites(env);
    const fail = (reason: string) => report.failed.push({ id: artwork.id, title: artwork.title, reason });
    try {
      const added = await copyLegacyImages(writes, artwork, legacyHosts);
      const outcome = await commitMigration(writes, database, publicCache, artwork, added, legacyHosts);
      if (outcome === "saved") report.migrated += 1;
      else fail(outcome === "changed" ? CHANGED_WHILE_COPYING : "That post no longer exists.");
    } catch (error) {
      fail(error instanceof CopyFailed ? error.message : UPLOAD_FAILED);
    }
  }
  return report;
}
