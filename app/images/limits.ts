// What one artwork's images may be, kept free of zod so the picker can check them in the browser;
// the upload checks them again on the server.
import { MEGABYTE } from "~/images/megabytes";

export const IMAGE_MAX_BYTES = 15 * MEGABYTE;
export const IMAGES_PER_ARTWORK_MAX = 20;
