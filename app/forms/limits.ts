// Form limits and shared texts, kept free of zod so forms can import them without shipping the
// validation library to the browser. Each feature's form.ts enforces them on the server.
export const TESTIMONIAL_AUTHOR_MAX = 50;
export const TESTIMONIAL_MESSAGE_MAX = 500;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 500;
export const MESSAGE_MAX = 5000;

/** Spec §5: blank after trimming gets 'Please fill in all fields.'. */
export const FILL_IN_ALL_FIELDS = "Please fill in all fields.";

// Artwork form (spec §5): caps on what one post may hold.
export const TITLE_MAX = 200;
export const MEDIUM_MAX = 200;
export const SIZE_MAX = 100;
export const PRICE_MAX = 50;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const IMAGES_PER_ARTWORK_MAX = 20;
/**
 * The browser makes a display copy (longest side), a medium copy for phones (width) and a shop
 * thumbnail (width) of every upload.
 */
export const DISPLAY_LONGEST_SIDE = 1600;
export const MEDIUM_WIDTH = 800;
export const THUMBNAIL_WIDTH = 480;

// Request body caps (app/platform/body-cap.server.ts): the root route's default, and the public forms'.
/** What a form without files may send: the longest text fields, percent-encoded, fit many times over. */
export const FORM_MAX_BYTES = 256 * 1024;
/** The public forms: the longest message, every character percent-encoded as four bytes, fits twice. */
export const PUBLIC_FORM_MAX_BYTES = 128 * 1024;
