// What a backup archive holds: backup.json (this manifest: every content row as D1 keeps it, and the
// list of images) and each image under images/<its R2 key>. Rows go in and out verbatim, so a restore
// keeps ids, timestamps, shop order and image keys exactly.
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import { artworks } from "~/artworks/schema";
import { events } from "~/events/schema";
import { messages, replies } from "~/messages/schema";
import { siteSettings } from "~/site/schema";
import { testimonials } from "~/testimonials/schema";
import { isValidImageKey, storageKeyOf } from "~/images/storage.server";
import { CATEGORIES } from "~/artworks/categories";
import type { ImageCopies } from "~/images/references";
import { PORTRAIT } from "~/site/settings.server";
import { BACKUP_FORMAT, BACKUP_VERSION } from "~/backup/layout";

/** The tables a backup carries, in the order a restore writes them (a reply after its message). */
export const BACKUP_TABLES = {
  artworks,
  events,
  testimonials,
  messages,
  replies,
  settings: siteSettings,
} as const;
export type BackupTable = keyof typeof BACKUP_TABLES;

/** The column a table's rows are known by: their id, or a setting's key. */
export function keyColumnOf(table: BackupTable): "id" | "key" {
  return table === "settings" ? "key" : "id";
}

const image = z.object({
  key: z.string().refine(isValidImageKey, "not an image key this site stores"),
  size: z.number().int().nonnegative(),
  /** As R2 keeps it; a restore stores each image with the type its bytes show. */
  contentType: z.string(),
  /** R2's ETag of the stored object: equal bytes, equal ETag (a restore skips what is already there). */
  etag: z.string(),
});
export type BackupImage = z.infer<typeof image>;

// The JSON columns hold what the pages read, not any JSON.
const variant = z.object({ key: z.string(), width: z.number() });
const copies = z.object({ display: variant.optional(), medium: variant.optional(), thumbnail: variant.optional() });
const strings = z.array(z.string());

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exportedAt: z.iso.datetime(),
  artworks: z.array(
    createSelectSchema(artworks, {
      categories: z.array(z.enum(CATEGORIES)),
      imageUrls: strings,
      imageVariants: z.record(z.string(), copies),
      events: strings,
      originalCloudinaryUrls: strings.nullable(),
    }),
  ),
  events: z.array(createSelectSchema(events, { imageCopies: copies.nullable() })),
  testimonials: z.array(createSelectSchema(testimonials)),
  messages: z.array(createSelectSchema(messages)),
  replies: z.array(createSelectSchema(replies)),
  settings: z.array(createSelectSchema(siteSettings)),
  images: z.array(image),
  /** Images the rows name that were not in storage when the backup was made (a restore cannot bring them). */
  absentImages: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupRows = Pick<BackupManifest, BackupTable>;

/** Every R2 key the rows point at: originals, their copies, event images and the portrait. */
export function imageKeysOf(rows: BackupRows): string[] {
  const keys = new Set<string>();
  const add = (stored: string | null | undefined) => {
    const key = stored ? storageKeyOf(stored) : null;
    if (key) keys.add(key);
  };
  const addCopies = (copies: ImageCopies | null | undefined) => {
    for (const copy of Object.values(copies ?? {})) add(copy?.key);
  };
  for (const artwork of rows.artworks) {
    artwork.imageUrls.forEach(add);
    Object.values(artwork.imageVariants).forEach(addCopies);
  }
  for (const event of rows.events) {
    add(event.image);
    addCopies(event.imageCopies);
  }
  for (const setting of rows.settings) if (setting.key === PORTRAIT) add(setting.value);
  return [...keys].sort();
}
