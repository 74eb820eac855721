// Runs in the admin's browser before an upload: each chosen image also gets its display, medium and
// thumbnail copies (app/images/copy-sizes.ts) as WebP, so visitors never download an original of
// several megabytes. The server checks every copy again; any the
// browser cannot make is skipped and the original is shown instead.
import { COPY_KINDS, type CopyKind } from "~/images/references";
import { DISPLAY_LONGEST_SIDE, MEDIUM_WIDTH, THUMBNAIL_WIDTH } from "~/images/copy-sizes";

const QUALITY = 0.85;

async function webpCopy(bitmap: ImageBitmap, scale: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", QUALITY));
  // Browsers that cannot encode WebP hand back a PNG instead: not worth storing.
  return blob?.type === "image/webp" ? blob : null;
}

type Copies = Record<CopyKind, Blob | null>;
const NONE: Copies = { display: null, medium: null, thumbnail: null };

// A form sent again after a refusal (a wrong passkey, a field to correct) holds the same files: each
// file's copies are made once, so the retry goes at once instead of re-encoding every image on a phone.
const made = new WeakMap<File, Promise<Copies>>();

/** The copies of one image; any is null when this browser cannot make it (or it would add nothing). */
export function makeImageCopies(file: File): Promise<Copies> {
  let copies = made.get(file);
  if (!copies) {
    copies = encodeCopies(file);
    made.set(file, copies);
  }
  return copies;
}

async function encodeCopies(file: File): Promise<Copies> {
  // An animated GIF would lose its animation; it is shown as uploaded.
  if (file.type === "image/gif") return NONE;
  try {
    const bitmap = await createImageBitmap(file);
    try {
      const display = await webpCopy(bitmap, Math.min(1, DISPLAY_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height)));
      // An image no wider than the medium size would get a medium copy no smaller than its display copy.
      const medium = bitmap.width > MEDIUM_WIDTH ? await webpCopy(bitmap, MEDIUM_WIDTH / bitmap.width) : null;
      const thumbnail = await webpCopy(bitmap, Math.min(1, THUMBNAIL_WIDTH / bitmap.width));
      return { display, medium, thumbnail };
    } finally {
      bitmap.close();
    }
  } catch {
    return NONE;
  }
}

/**
 * A file name that reaches the server as typed: browsers escape a quote or a line break in the multipart
 * header (a quote as %22), which no parser can tell from a typed "%22". Such characters, and `;`, `=`
 * and `%`, become spaces; the name stays recognisable in messages, and storage keys drop spaces anyway.
 */
export function readableUploadName(name: string): string {
  return name.replace(/[;=%"\\\r\n]/g, " ");
}

/**
 * The artwork form as it is sent: its text fields first (so the server can authorise before storing
 * anything), then each chosen image followed by its copies as `display-n`, `medium-n` and `thumbnail-n`.
 */
export async function withImageCopies(form: HTMLFormElement, submitter: HTMLElement | null): Promise<FormData> {
  const entered = new FormData(form, submitter);
  const body = new FormData();
  const files: File[] = [];
  for (const [name, value] of entered) {
    if (typeof value === "string") body.append(name, value);
    else if (name === "images" && value.size > 0) files.push(value);
  }
  // One at a time: twenty decoded camera images at once would exhaust a phone's memory.
  for (const [index, file] of files.entries()) {
    const copies = await makeImageCopies(file);
    body.append("images", file, readableUploadName(file.name));
    for (const kind of COPY_KINDS) {
      const copy = copies[kind];
      if (copy) body.append(`${kind}-${index}`, copy, `${kind}-${index}.webp`);
    }
  }
  return body;
}
