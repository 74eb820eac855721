// The copies made of every upload, by the admin's browser or else by the server, so visitors never
// download an original: display (longest side, for laptops and fullscreen), medium (width, what most
// phones need for a full-width image) and thumbnail (width, shop cards). Sizes in pixels.
export const DISPLAY_LONGEST_SIDE = 1600;
export const MEDIUM_WIDTH = 800;
export const THUMBNAIL_WIDTH = 480;
