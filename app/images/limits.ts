// What one artwork's images may be, kept free of zod so the picker can check them in the browser;
// the upload checks them again on the server. UPLOAD_MAX_BYTES is the upload routes' body cap.
import { MEGABYTE } from "~/images/megabytes";

export const IMAGE_MAX_BYTES = 15 * MEGABYTE;
export const IMAGES_PER_ARTWORK_MAX = 20;
export const TOO_MANY_IMAGES = `An artwork can hold at most ${IMAGES_PER_ARTWORK_MAX} images.`;
/** What one upload request may carry at most: Cloudflare's own request size limit on the Free and Pro plans. */
export const UPLOAD_MAX_BYTES = 100 * MEGABYTE;

/** The refusal of a file whose bytes are not an image the site takes, named as its sender named it. */
export const NOT_AN_IMAGE = (name: string) => `"${name}" is not a JPEG, PNG, WebP, GIF or AVIF image.`;
