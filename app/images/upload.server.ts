// Receiving the artwork form from its already authorised sender: the text fields, and the image files
// stored in R2 one by one as they arrive (streamed with @remix-run/multipart-parser, every cap checked
// while reading), so the worker never holds a whole multi-file upload in memory.
import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseMultipartStream,
} from "@remix-run/multipart-parser";
import { readForm } from "~/forms/parse.server";
import { IMAGE_MAX_BYTES, IMAGES_PER_ARTWORK_MAX, UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sniffImageType, webpWidth } from "~/images/bytes";
import { VARIANT_KINDS, type UploadedImage, type VariantKind } from "~/images/references";
import { addMissingCopies } from "~/images/server-copies.server";
import { imageKeyFor, variantKeyFor } from "~/images/storage.server";
import type { ImageWrites } from "~/images/writes.server";

const TEXT_FIELD_MAX_BYTES = 64 * 1024;
// Every original with its three copies, plus the form's text fields with room to spare.
const MAX_PARTS = IMAGES_PER_ARTWORK_MAX * (1 + VARIANT_KINDS.length) + 200;

/** The upload broke a rule (not an image, too large, too many): the admin's message; nothing was kept. */
export class UploadRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

// Field names the artwork form uses: originals under `images`, the browser's copies of the n-th
// original (0-based) under `display-n`, `medium-n` and `thumbnail-n`.
const ORIGINAL_FIELD = "images";
const VARIANT_FIELD = new RegExp(`^(${VARIANT_KINDS.join("|")})-(\\d{1,2})$`);

/**
 * Reads an artwork form: its text fields into `fields` (as far as they were read, also on failure, so
 * the form can show what was typed), each image into R2 through `writes` as it arrives, then the copies
 * the browser did not send (app/images/server-copies.server.ts). Resolves when every image is stored. Throws UploadRejected when a rule is broken, or StorageFailed (from `writes`)
 * when R2 fails; either way everything written has been deleted again.
 */
export async function receiveImageUpload(
  request: Request,
  writes: ImageWrites,
  fields: FormData,
  now: number = Date.now(),
): Promise<UploadedImage[]> {
  const boundary = getMultipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) {
    for (const [name, value] of await readForm(request)) if (typeof value === "string") fields.append(name, value);
    return [];
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > UPLOAD_MAX_BYTES) throw tooLarge();

  const images: UploadedImage[] = [];
  try {
    const parts = parseMultipartStream(request.body, {
      boundary,
      maxFileSize: IMAGE_MAX_BYTES,
      maxTotalSize: UPLOAD_MAX_BYTES,
      maxParts: MAX_PARTS,
    });
    for await (const part of parts) {
      if (!part.name) continue;
      if (!part.isFile) {
        if (part.size > TEXT_FIELD_MAX_BYTES) throw new UploadRejected("A field of the form is too long.", 413);
        fields.append(part.name, part.text);
        continue;
      }
      if (part.name === ORIGINAL_FIELD) {
        if (part.size === 0 && !part.filename) continue; // the picker was left empty
        if (images.length >= IMAGES_PER_ARTWORK_MAX) {
          throw new UploadRejected(`A post can hold at most ${IMAGES_PER_ARTWORK_MAX} images.`, 413);
        }
        const bytes = part.bytes;
        const type = sniffImageType(bytes);
        if (!type) {
          throw new UploadRejected(`"${displayName(part.filename)}" is not a JPEG, PNG, WebP, GIF or AVIF image.`);
        }
        const key = imageKeyFor(part.filename ?? "", now + images.length);
        images.push({ key, copies: {} });
        writes.put(key, bytes, type);
        continue;
      }
      const variant = VARIANT_FIELD.exec(part.name);
      const original = variant ? images[Number(variant[2])] : undefined;
      if (!variant || !original) continue; // not a field of this form: ignored, nothing stored
      const bytes = part.bytes;
      const width = webpWidth(bytes);
      // A copy the browser failed to make properly is dropped; the original still shows.
      if (!width) continue;
      const kind = variant[1] as VariantKind;
      const key = variantKeyFor(original.key, kind);
      original.copies[kind] = { key, width };
      writes.put(key, bytes, "image/webp");
    }
  } catch (error) {
    await writes.discard();
    if (error instanceof UploadRejected) throw error;
    if (error instanceof MaxFileSizeExceededError) {
      throw new UploadRejected(
        `Image ${images.length + 1} is larger than ${formatMegabytes(IMAGE_MAX_BYTES)}. Please choose a smaller image.`,
        413,
      );
    }
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) throw tooLarge();
    // Anything else came from reading the body: a truncated or malformed multipart request.
    console.error("Reading an artwork form failed:", error);
    throw new UploadRejected("The form could not be read. Please try again.");
  }
  await writes.stored();
  await addMissingCopies(images, writes);
  return images;
}

function tooLarge(): UploadRejected {
  return new UploadRejected(
    `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Please send fewer images at a time.`,
    413,
  );
}

/** A file name fit to quote back in a message. */
function displayName(filename: string | undefined): string {
  const name = filename?.trim() || "The file";
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
