// Copies made on the server, with the Images binding, for originals stored without the browser's
// (a form sent without JavaScript, the migration tool): the browser-made copies stay the fast path,
// and a visitor never downloads an original in a grid, a card or an artwork page either way.
import { DISPLAY_LONGEST_SIDE, MEDIUM_WIDTH, THUMBNAIL_WIDTH } from "~/images/copy-sizes";
import { sniffImageType, webpWidth } from "~/images/bytes";
import { copyKeyFor } from "~/images/storage.server";
import { COPY_KINDS, type UploadedImage, type CopyKind } from "~/images/references";
import type { ImageWrites } from "~/images/writes.server";

const QUALITY = 85;

/** The transform for each copy of an image of `width` x `height`, or null when it would add nothing. */
const COPY_SIZES: Record<CopyKind, (width: number, height: number) => ImageTransform | null> = {
  display: () => ({ width: DISPLAY_LONGEST_SIDE, height: DISPLAY_LONGEST_SIDE, fit: "scale-down" }),
  // An image no wider than the medium size would get a medium copy no smaller than its display copy.
  medium: (width) => (width > MEDIUM_WIDTH ? { width: MEDIUM_WIDTH, fit: "scale-down" } : null),
  thumbnail: () => ({ width: THUMBNAIL_WIDTH, fit: "scale-down" }),
};

/**
 * Makes the copies each stored original lacks and stores them through `writes`, recording them on the
 * image. Without the binding (not configured) nothing is made and the originals are shown. An image
 * that cannot be read back or transformed keeps what it has (the save goes on); a GIF, which may be
 * animated, is shown as uploaded. False when storing the copies failed (everything written is deleted).
 */
export async function addMissingCopies(images: UploadedImage[], writes: ImageWrites): Promise<boolean> {
  const { IMAGES: bucket, IMAGE_TRANSFORMER: transformer } = writes.bindings;
  if (!transformer) return true;
  for (const image of images) {
    const missing = COPY_KINDS.filter((kind) => !image.copies[kind]);
    if (missing.length === 0) continue;
    try {
      const object = await bucket.get(image.key);
      if (!object) continue;
      const original = new Uint8Array(await object.arrayBuffer());
      if (sniffImageType(original) === "image/gif") continue;
      const source = () => new Blob([original]).stream();
      const { width, height } = await sizeOf(transformer, source());
      for (const kind of missing) {
        const transform = COPY_SIZES[kind](width, height);
        if (!transform) continue;
        const output = await transformer
          .input(source())
          .transform(transform)
          .output({ format: "image/webp", quality: QUALITY });
        const copy = new Uint8Array(await output.response().arrayBuffer());
        const copyWidth = webpWidth(copy);
        if (!copyWidth) continue;
        const key = copyKeyFor(image.key, kind);
        image.copies[kind] = { key, width: copyWidth };
        writes.put(key, copy, "image/webp");
      }
    } catch (error) {
      console.error(`Making copies of ${image.key} failed; the original is shown instead:`, error);
    }
  }
  return writes.stored();
}

async function sizeOf(transformer: ImagesBinding, stream: ReadableStream<Uint8Array>) {
  const info = await transformer.info(stream);
  if (!("width" in info)) throw new Error(`the binding reports no size for a ${info.format} image`);
  return { width: info.width, height: info.height };
}
