// Runs in the admin's browser before an upload: each chosen image also gets a display copy (longest
// side 1600 px) and a shop thumbnail (480 px wide) as WebP, so visitors never download an original
// of several megabytes. The server checks every copy again; any the browser cannot make is skipped
// and the original is shown instead.
import { DISPLAY_LONGEST_SIDE, THUMBNAIL_WIDTH } from "~/lib/limits";

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

/** The display copy and thumbnail of one image; either is null when this browser cannot make it. */
export async function makeImageCopies(file: File): Promise<{ display: Blob | null; thumbnail: Blob | null }> {
  // An animated GIF would lose its animation; it is shown as uploaded.
  if (file.type === "image/gif") return { display: null, thumbnail: null };
  try {
    const bitmap = await createImageBitmap(file);
    try {
      const display = await webpCopy(bitmap, Math.min(1, DISPLAY_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height)));
      const thumbnail = await webpCopy(bitmap, Math.min(1, THUMBNAIL_WIDTH / bitmap.width));
      return { display, thumbnail };
    } finally {
      bitmap.close();
    }
  } catch {
    return { display: null, thumbnail: null };
  }
}

/**
 * The artwork form as it is sent: its text fields first (so the server can authorise before storing
 * anything), then each chosen image followed by its copies as `display-n` and `thumbnail-n`.
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
    const { display, thumbnail } = await makeImageCopies(file);
    body.append("images", file);
    if (display) body.append(`display-${index}`, display, `display-${index}.webp`);
    if (thumbnail) body.append(`thumbnail-${index}`, thumbnail, `thumbnail-${index}.webp`);
  }
  return body;
}
