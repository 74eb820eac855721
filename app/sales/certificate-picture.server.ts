// The picture on a certificate: a JPEG, the one kind a PDF takes without decoding it (no CPU spent on
// pixels), small enough to keep the file under its 300 KB budget. The Images binding makes one from the
// artwork's display copy; without the binding an original that is already a small JPEG serves as it is.
import { sniffImageType } from "~/images/bytes";
import { displayOf, type CopiesByImage } from "~/images/references";
import { storageKeyOf } from "~/images/storage.server";
import type { ImageBindings } from "~/images/writes.server";

/** Wide enough to print sharp at the certificate's 10 cm, small enough for the file's budget. */
const PICTURE_WIDTH = 900;
const QUALITY = 80;
/** An original used without the binding must leave the PDF within its budget. */
const ORIGINAL_MAX_BYTES = 200 * 1024;

/** The artwork's first image as JPEG bytes, or null (no image, one on a legacy host, or none readable). */
export async function certificatePicture(
  bindings: ImageBindings,
  image: string | null,
  copies: CopiesByImage,
): Promise<Uint8Array | null> {
  const transformer = bindings.IMAGE_TRANSFORMER;
  // The display copy is WebP, which a PDF cannot carry as it is: without the binding, only the original serves.
  const key = image ? storageKeyOf(transformer ? displayOf(image, copies) : image) : null;
  if (!key) return null;
  try {
    const object = await bindings.IMAGES.get(key);
    if (!object) return null;
    const bytes = new Uint8Array(await object.arrayBuffer());
    if (!transformer) {
      return sniffImageType(bytes) === "image/jpeg" && bytes.byteLength <= ORIGINAL_MAX_BYTES ? bytes : null;
    }
    const output = await transformer
      .input(new Blob([bytes]).stream())
      .transform({ width: PICTURE_WIDTH, height: PICTURE_WIDTH, fit: "scale-down" })
      .output({ format: "image/jpeg", quality: QUALITY });
    const jpeg = new Uint8Array(await output.response().arrayBuffer());
    return sniffImageType(jpeg) === "image/jpeg" ? jpeg : null;
  } catch (error) {
    // The certificate still says everything else; the picture is the one thing it can do without.
    console.error(`The certificate's picture (${key}) could not be made:`, error);
    return null;
  }
}
