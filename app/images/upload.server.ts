// Receiving a form with images (an artwork's, an event's) from its already authorised sender: the text fields, and the image files
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
import {
  IMAGE_MAX_BYTES,
  IMAGES_PER_ARTWORK_MAX,
  NOT_AN_IMAGE,
  TOO_MANY_IMAGES,
  UPLOAD_MAX_BYTES,
} from "~/images/limits";
import { fileDisplayName } from "~/images/file-name";
import { formatMegabytes } from "~/images/megabytes";
import { sniffImageType, webpWidth } from "~/images/bytes";
import { COPY_KINDS, type UploadedImage, type CopyKind } from "~/images/references";
import { addMissingCopies } from "~/images/server-copies.server";
import { imageKeyFor, copyKeyFor } from "~/images/storage.server";
import type { ImageWrites } from "~/images/writes.server";

const TEXT_FIELD_MAX_BYTES = 64 * 1024;

/**
 * What one form's upload may hold: at most `max` images (`tooMany` says so), stored under `folder/` in R2.
 * An artwork's by default; an event has one image.
 */
export type UploadRules = { max?: number; tooMany?: string; folder?: string; now?: number };

/**
 * Why an upload kept nothing: it broke a rule (not an image, too large, too many; `message` is for the
 * admin) or storage failed. Either way everything it wrote has been deleted again.
 */
export type UploadProblem = { status: 400 | 413; message: string } | { status: 503; storageFailed: true };

/** The images stored, or why none were kept. */
export type ReceivedUpload = { images: UploadedImage[] } | { problem: UploadProblem };

const rejected = (message: string, status: 400 | 413 = 400): { problem: UploadProblem } => ({
  problem: { status, message },
});
const STORAGE_FAILED = { problem: { status: 503, storageFailed: true } } as const;

// Field names the artwork form uses: originals under `images`, the browser's copies of the n-th
// original (0-based) under `display-n`, `medium-n` and `thumbnail-n`.
const ORIGINAL_FIELD = "images";
const COPY_FIELD = new RegExp(`^(${COPY_KINDS.join("|")})-(\\d{1,2})$`);

/**
 * Reads a form with images: its text fields into `fields` (as far as they were read, also on failure, so
 * the form can show what was typed), each image into R2 through `writes` as it arrives, then the copies
 * the browser did not send (app/images/server-copies.server.ts). Resolves when every image is stored,
 * or with the problem that kept none.
 */
export async function receiveImageUpload(
  request: Request,
  writes: ImageWrites,
  fields: FormData,
  { max = IMAGES_PER_ARTWORK_MAX, tooMany = TOO_MANY_IMAGES, folder = "posts", now = Date.now() }: UploadRules = {},
): Promise<ReceivedUpload> {
  const boundary = getMultipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) {
    for (const [name, value] of await readForm(request)) if (typeof value === "string") fields.append(name, value);
    return { images: [] };
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > UPLOAD_MAX_BYTES) return tooLarge();

  const images: UploadedImage[] = [];
  let broken: { problem: UploadProblem } | undefined;
  try {
    const parts = parseMultipartStream(request.body, {
      boundary,
      maxFileSize: IMAGE_MAX_BYTES,
      maxTotalSize: UPLOAD_MAX_BYTES,
      // Every original with its three copies, plus the form's text fields with room to spare.
      maxParts: max * (1 + COPY_KINDS.length) + 200,
    });
    for await (const part of parts) {
      if (!part.name) continue;
      if (!part.isFile) {
        if (part.size > TEXT_FIELD_MAX_BYTES) {
          broken = rejected("A field of the form is too long.", 413);
          break;
        }
        fields.append(part.name, part.text);
        continue;
      }
      if (part.name === ORIGINAL_FIELD) {
        if (part.size === 0 && !part.filename) continue; // the picker was left empty
        if (images.length >= max) {
          broken = rejected(tooMany, 413);
          break;
        }
        const bytes = part.bytes;
        const type = sniffImageType(bytes);
        if (!type) {
          broken = rejected(NOT_AN_IMAGE(fileDisplayName(part.filename, "The file")));
          break;
        }
        const key = imageKeyFor(part.filename ?? "", now + images.length, folder);
        images.push({ key, copies: {} });
        writes.put(key, bytes, type);
        continue;
      }
      const copyField = COPY_FIELD.exec(part.name);
      const original = copyField ? images[Number(copyField[2])] : undefined;
      if (!copyField || !original) continue; // not a field of this form: ignored, nothing stored
      const bytes = part.bytes;
      const width = webpWidth(bytes);
      // A copy the browser failed to make properly is dropped; the original still shows.
      if (!width) continue;
      const kind = copyField[1] as CopyKind;
      const key = copyKeyFor(original.key, kind);
      original.copies[kind] = { key, width };
      writes.put(key, bytes, "image/webp");
    }
  } catch (error) {
    // The parser's own errors: a cap it enforces while reading, or a truncated or malformed request.
    broken = readingProblem(error, images.length);
  }
  if (broken) {
    await writes.discard();
    return broken;
  }
  if (!(await writes.stored()) || !(await addMissingCopies(images, writes))) return STORAGE_FAILED;
  return { images };
}

function readingProblem(error: unknown, imagesRead: number): { problem: UploadProblem } {
  if (error instanceof MaxFileSizeExceededError) {
    return rejected(
      `Image ${imagesRead + 1} is larger than ${formatMegabytes(IMAGE_MAX_BYTES)}. Please choose a smaller image.`,
      413,
    );
  }
  if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) return tooLarge();
  console.error("Reading an artwork form failed:", error);
  return rejected("The form could not be read. Please try again.");
}

function tooLarge(): { problem: UploadProblem } {
  return rejected(
    `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Please send fewer images at a time.`,
    413,
  );
}
