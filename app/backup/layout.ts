// Where things sit in a backup archive: the manifest (app/backup/manifest.ts) at backup.json, each image
// under images/<its R2 key>. Apart from the manifest's schema, so that a command which only reads an
// archive's names (npm run export) does not load every table's schema.
export const BACKUP_FORMAT = "artist-portfolio-backup";
/**
 * Raised whenever the manifest's shape changes; a restore reads this version and the older ones
 * `manifestOfVersion` (app/backup/manifest.ts) brings up to it, and refuses any other.
 * 2: an artwork's copies are `imageCopies` (version 1 named them `imageVariants`, the column's old name).
 * 3: artworks have `options`, enquiries the `artworkOption` they asked about.
 * 4: `sales` and their `collectors`.
 * 5: artworks have `reservations`.
 * 6: sales have the `certificateNumber` of their certificate of authenticity.
 * 7: `charities` and `donations`; artworks have a `charityShare`, sales the `charityId`, `charityShare` and
 *    `pledgePence` they fixed.
 * 8: `subscribers`, the mailing list, with each address's consent.
 * 9: artworks and events have the `publishedAt` they were first shown to visitors.
 * 10: `commissions` (requests for a painting to order) and their `commissionPhotos`.
 * 11: commissions have their quote and private link's token; their `progressPhotos`.
 * 12: `commissionsPage`, what the commissions page says once the artist has saved it; a commission's
 *     `depositLink`.
 * 13: `announcements`, what each e-mail to the mailing list announced and how many it was queued for (not
 *     how each delivery went: a restore sends nothing).
 */
export const BACKUP_VERSION = 13;
export const MANIFEST_NAME = "backup.json";
/** The largest manifest a restore reads: some hundred thousand messages, far beyond this site's. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** Where an image sits in the archive. */
export function imageEntryName(key: string): string {
  return `images/${key}`;
}
