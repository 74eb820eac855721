// Images live in R2 under "posts/{timestamp}_{filename}" (an event's under "events/") and are served by
// the /images/* route; those under "private/" (a commission's reference photos) never are: they are served
// by servePrivateImage, to a route that has checked who asks.
import type { CopyKind } from "~/images/references";
import { imageTag } from "~/public-cache/tags";

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,511}$/;

export function isValidImageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "" || part === "." || part === "..");
}

/** The R2 key for a new upload, as the old site named them: posts/{timestamp}_{filename} (events/… for an event's). */
export function imageKeyFor(filename: string, now: number = Date.now(), folder = "posts"): string {
  const safe = filename
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+(?=\.)/g, "")
    .slice(-120)
    .replace(/^[-.]+|-+$/g, "");
  return `${folder}/${now}_${safe || "image"}`;
}

/** Where the browser-made copy of an original goes: next to it, e.g. posts/1700_sunset.thumbnail.webp. */
export function copyKeyFor(originalKey: string, kind: CopyKind): string {
  return `${originalKey.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.${kind}.webp`;
}

/** The R2 key behind a stored image reference, or null for an image hosted elsewhere. */
export function storageKeyOf(stored: string): string | null {
  if (/^https?:\/\//i.test(stored)) return null;
  let key = stored;
  if (stored.startsWith("/images/")) {
    try {
      key = decodeURIComponent(stored.slice("/images/".length));
    } catch {
      return null;
    }
  }
  return isValidImageKey(key) ? key : null;
}

/** Deletes objects from R2; a failure is logged, not thrown: the artwork is already saved without them. */
export async function deleteImageObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 1000) {
    await bucket.delete(unique.slice(i, i + 1000)).catch((error: unknown) => {
      console.error("Deleting images from R2 failed; these objects are orphaned:", unique.slice(i, i + 1000), error);
    });
  }
}

export async function putImage(
  bucket: R2Bucket,
  key: string,
  body: ArrayBuffer | ReadableStream | Uint8Array,
  contentType: string,
): Promise<void> {
  await bucket.put(key, body, { httpMetadata: { contentType, cacheControl: IMMUTABLE } });
}

// Keys carry an upload timestamp and are never rewritten with other content, so browsers may keep them.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The folder of images no public address serves. */
export const PRIVATE_FOLDER = "private";
const isPrivate = (key: string) => key.split("/")[0]?.toLowerCase() === PRIVATE_FOLDER;

/** Answers a GET/HEAD for a public image with conditional-request support (304 when the ETag matches). */
export async function serveImage(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  if (!isValidImageKey(key) || isPrivate(key)) return new Response("Not found", { status: 404 });
  return serveObject(bucket, key, request, { cacheControl: IMMUTABLE, cacheTag: imageTag(key) });
}

/**
 * Answers a GET/HEAD for a private image (under PRIVATE_FOLDER) to someone the route has let in: kept
 * by no cache, the browser's included, so it leaves no copy on a shared device or in Workers Cache.
 */
export async function servePrivateImage(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  if (!isValidImageKey(key) || !isPrivate(key)) return new Response("Not found", { status: 404 });
  return serveObject(bucket, key, request, { cacheControl: "private, no-store" });
}

async function serveObject(
  bucket: R2Bucket,
  key: string,
  request: Request,
  { cacheControl, cacheTag }: { cacheControl: string; cacheTag?: string },
): Promise<Response> {
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Not found", { status: 404 });

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", cacheControl);
  // Workers Cache keeps a public image for a year: deleting it from an artwork purges this tag.
  if (cacheTag) headers.set("Cache-Tag", cacheTag);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");

  if (!("body" in object) || request.method === "HEAD") {
    const notModified = !("body" in object);
    if (!notModified) headers.set("Content-Length", String(object.size));
    return new Response(null, { status: notModified ? 304 : 200, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
