// Receiving the artwork form: its text fields, and image files streamed into R2 as they arrive, so the
// worker never holds a whole multi-file upload in memory. Nothing is written before the sender is
// authorised, and anything written is deleted again if the upload or the save that follows fails.
import { data, unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/cloudflare";
import { deleteImageObjects, imageKeyFor, putImage, variantKeyFor } from "~/images/storage.server";
import { readUpTo, sniffImageType, webpWidth } from "~/images/bytes";
import { VARIANT_KINDS, type ImageCopies, type ImageVariants, type VariantKind } from "~/images/references";
import { IMAGE_MAX_BYTES, IMAGES_PER_ARTWORK_MAX } from "~/forms/limits";
import { readForm } from "~/forms/parse.server";

/** An uploaded original (its R2 key) with the browser-made copies that arrived with it. */
export type UploadedImage = { key: string; copies: ImageCopies };

/**
 * A post's images after uploads: the stored images it `kept` (with the copies `keptVariants` records
 * for them), then the new uploads with theirs. Images without copies are simply absent from the variants.
 */
export function artworkImages(
  added: UploadedImage[],
  kept: string[] = [],
  keptVariants: ImageVariants = {},
): { imageUrls: string[]; imageVariants: ImageVariants } {
  const imageVariants: ImageVariants = {};
  for (const stored of kept) if (keptVariants[stored]) imageVariants[stored] = keptVariants[stored];
  for (const { key, copies } of added) if (Object.keys(copies).length > 0) imageVariants[key] = copies;
  return { imageUrls: [...kept, ...added.map((image) => image.key)], imageVariants };
}

/** An upload that ended with nothing kept; `fields` holds the text fields read before it ended. */
class UploadError extends Error {
  fields = new FormData();
}

/** The upload broke a rule (not an image, too large, too many): the admin's message, nothing kept. */
export class UploadRejected extends UploadError {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** Storage failed while writing; everything written has been deleted again. */
export class UploadFailed extends UploadError {}

/**
 * The answer to an upload that ended with nothing kept: the rule that was broken next to the picker,
 * or `storageMessage` when storage failed, with what was typed so the form can show it again.
 * Anything else (a refusal response from `authorize`) is rethrown.
 */
export function uploadErrorData(error: unknown, storageMessage: string, headers?: HeadersInit) {
  if (!(error instanceof UploadError)) throw error;
  // Field names come from the request: a part named "__proto__" must land in its own entry, not the prototype.
  const values: Record<string, string> = Object.create(null);
  const lists: Record<string, string[]> = Object.create(null);
  for (const [name, value] of error.fields) {
    if (name === "passkey" || typeof value !== "string") continue;
    values[name] ??= value;
    (lists[name] ??= []).push(value);
  }
  const rejected = error instanceof UploadRejected;
  return data(
    {
      ok: false as const,
      errors: rejected ? { images: error.message } : {},
      values,
      lists,
      formError: rejected ? undefined : storageMessage,
    },
    { status: rejected ? error.status : 503, headers },
  );
}

export type ReceivedForm = {
  form: FormData;
  images: UploadedImage[];
  /** Deletes every object this request wrote: call it when the save after the upload fails. */
  discard: () => Promise<void>;
};

// Field names the artwork form uses: originals under `images`, the browser's copies of the n-th
// original (0-based) under `display-n`, `medium-n` and `thumbnail-n`.
const ORIGINAL_FIELD = "images";
const VARIANT_FIELD = new RegExp(`^(${VARIANT_KINDS.join("|")})-(\\d{1,2})$`);
const TEXT_PART_MAX = 64 * 1024;
// All text fields together: the artwork form needs a few kilobytes; this bounds what is read before
// the sender is authorised.
const TEXT_TOTAL_MAX = 256 * 1024;

/**
 * Reads a POSTed artwork form. `authorize` is called once with the text fields read so far, before
 * the first file is written (the Passkey field comes first in the form) or at the end when there are
 * no files; whatever it throws (a 401 response) ends the request with nothing written.
 */
export async function receiveArtworkUpload(
  request: Request,
  bucket: R2Bucket,
  authorize: (fields: FormData) => Promise<void>,
  now: number = Date.now(),
): Promise<ReceivedForm> {
  const fields = new FormData();
  const images: UploadedImage[] = [];
  const written: string[] = [];
  const writes: Promise<unknown>[] = [];
  let authorized: Promise<void> | undefined;
  let refusal: unknown;
  let textBytes = 0;
  const ensureAuthorized = () =>
    (authorized ??= authorize(fields).catch((error: unknown) => {
      refusal = error;
      throw error;
    }));
  const discard = () => deleteImageObjects(bucket, written);

  const store = (key: string, bytes: Uint8Array, contentType: string) => {
    written.push(key);
    const write = putImage(bucket, key, bytes, contentType);
    // Settled below, after the body is read; until then a failure must not count as unhandled.
    write.catch(() => {});
    writes.push(write);
  };

  async function handlePart(part: UploadHandlerPart): Promise<undefined> {
    if (part.filename === undefined) {
      const bytes = await readUpTo(part.data, TEXT_PART_MAX);
      textBytes += bytes?.byteLength ?? TEXT_PART_MAX;
      if (!bytes || textBytes > TEXT_TOTAL_MAX) throw new UploadRejected("A field of the form is too long.", 413);
      fields.append(part.name, new TextDecoder().decode(bytes));
      return;
    }
    // Nothing is read into storage for a sender who is not the admin.
    await ensureAuthorized();
    if (part.name === ORIGINAL_FIELD) {
      const bytes = await readUpTo(part.data, IMAGE_MAX_BYTES);
      const name = displayName(part.filename);
      if (!bytes) throw new UploadRejected(`"${name}" is larger than 15 MB. Please choose a smaller image.`, 413);
      if (bytes.byteLength === 0 && part.filename === "") return; // the picker was left empty
      if (images.length >= IMAGES_PER_ARTWORK_MAX) {
        throw new UploadRejected(`A post can hold at most ${IMAGES_PER_ARTWORK_MAX} images.`, 413);
      }
      const type = sniffImageType(bytes);
      if (!type) throw new UploadRejected(`"${name}" is not a JPEG, PNG, WebP, GIF or AVIF image.`);
      const key = imageKeyFor(part.filename, now + images.length);
      images.push({ key, copies: {} });
      store(key, bytes, type);
      return;
    }
    const variant = VARIANT_FIELD.exec(part.name);
    const original = variant ? images[Number(variant[2])] : undefined;
    if (!variant || !original) return; // not a field of this form: ignored, nothing stored
    const bytes = await readUpTo(part.data, IMAGE_MAX_BYTES);
    const width = bytes ? webpWidth(bytes) : null;
    // A copy the browser failed to make properly is dropped; the original still shows.
    if (!bytes || !width) return;
    const kind = variant[1] as VariantKind;
    const key = variantKeyFor(original.key, kind);
    original.copies[kind] = { key, width };
    store(key, bytes, "image/webp");
  }

  try {
    const isMultipart = /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
    const form = isMultipart
      ? await unstable_parseMultipartFormData(request, async (part) => handlePart(part))
      : await readForm(request);
    for (const [name, value] of isMultipart ? [] : form.entries()) {
      if (typeof value === "string") fields.append(name, value);
    }
    await ensureAuthorized();
    const results = await Promise.allSettled(writes);
    const failure = results.find((result) => result.status === "rejected");
    if (failure) {
      console.error("Writing an image to R2 failed:", failure.reason);
      throw new UploadFailed("Writing an image to storage failed.");
    }
  } catch (error) {
    await Promise.allSettled(writes);
    await discard();
    if (error === refusal) throw error;
    if (error instanceof UploadError) {
      error.fields = fields;
      throw error;
    }
    // Anything else came from reading the body: a truncated or malformed multipart request.
    console.error("Reading an artwork form failed:", error);
    const rejected = new UploadRejected("The form could not be read. Please try again.");
    rejected.fields = fields;
    throw rejected;
  }
  return { form: fields, images, discard };
}

/** A file name fit to quote back in a message. */
function displayName(filename: string): string {
  const name = filename.trim() || "The file";
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
