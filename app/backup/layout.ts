// Where things sit in a backup archive: the manifest (app/backup/manifest.ts) at backup.json, each image
// under images/<its R2 key>. Apart from the manifest's schema, so that a command which only reads an
// archive's names (npm run export) does not load every table's schema.
export const BACKUP_FORMAT = "artist-portfolio-backup";
/** Raised whenever the manifest's shape changes; a restore refuses versions it does not know. */
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = "backup.json";

/** Where an image sits in the archive. */
export function imageEntryName(key: string): string {
  return `images/${key}`;
}
