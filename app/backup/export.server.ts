// Makes a backup archive of the whole site: one read of every content table, one listing of R2, then a
// zip streamed image by image (client-zip pulls the next image only when the reader asks), so the
// archive is never held whole. The dashboard's download and `npm run export` (through a Worker of its
// own, scripts/lib/export-worker.ts) both answer with backupResponse.
import { asc, isNotNull } from "drizzle-orm";
import { makeZip, predictLength } from "client-zip";
import { db, type Database } from "~/platform/db.server";
import { BACKUP_TABLES, imageKeysOf, type BackupImage, type BackupManifest, type BackupRows } from "~/backup/manifest";
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, imageEntryName } from "~/backup/layout";
import { NOT_STORED } from "~/platform/cache-control";

export type BackupBindings = { DB: D1Database; IMAGES: R2Bucket };

export type BackupArchive = {
  manifest: BackupManifest;
  /** The zip's exact size, known before its first byte (a download shows its progress). */
  length: bigint;
  stream: ReadableStream<Uint8Array>;
};

/** `site-backup-2026-11-26.zip`: the day it was made, so backups sort by date. */
export function backupFileName(manifest: Pick<BackupManifest, "exportedAt">): string {
  return `site-backup-${manifest.exportedAt.slice(0, 10)}.zip`;
}

/** Every content row, in id order (one batch: one consistent read). */
export async function readRows(database: Database): Promise<BackupRows> {
  const {
    artworks,
    events,
    testimonials,
    messages,
    replies,
    commissions,
    commissionPhotos,
    progressPhotos,
    commissionsPage,
    settings,
    charities,
    donations,
    collectors,
    sales,
    subscribers,
    announcements,
  } = BACKUP_TABLES;
  const [
    artworkRows,
    eventRows,
    testimonialRows,
    messageRows,
    replyRows,
    commissionRows,
    commissionPhotoRows,
    progressPhotoRows,
    commissionsPageRows,
    settingRows,
    charityRows,
    donationRows,
    collectorRows,
    saleRows,
    subscriberRows,
    announcementRows,
  ] = await database.batch([
    database.select().from(artworks).orderBy(asc(artworks.id)),
    database.select().from(events).orderBy(asc(events.id)),
    database.select().from(testimonials).orderBy(asc(testimonials.id)),
    database.select().from(messages).orderBy(asc(messages.id)),
    database.select().from(replies).orderBy(asc(replies.id)),
    database.select().from(commissions).orderBy(asc(commissions.id)),
    // A draft's photos (a form never sent) are a visitor's, not yet the site's: left out.
    database
      .select()
      .from(commissionPhotos)
      .where(isNotNull(commissionPhotos.commissionId))
      .orderBy(asc(commissionPhotos.id)),
    database.select().from(progressPhotos).orderBy(asc(progressPhotos.id)),
    database.select().from(commissionsPage),
    database.select().from(settings).orderBy(asc(settings.key)),
    database.select().from(charities).orderBy(asc(charities.id)),
    database.select().from(donations).orderBy(asc(donations.id)),
    database.select().from(collectors).orderBy(asc(collectors.id)),
    database.select().from(sales).orderBy(asc(sales.id)),
    database.select().from(subscribers).orderBy(asc(subscribers.id)),
    database.select().from(announcements).orderBy(asc(announcements.id)),
  ]);
  return {
    artworks: artworkRows,
    events: eventRows,
    testimonials: testimonialRows,
    messages: messageRows,
    replies: replyRows,
    commissions: commissionRows,
    commissionPhotos: commissionPhotoRows,
    progressPhotos: progressPhotoRows,
    commissionsPage: commissionsPageRows,
    settings: settingRows,
    charities: charityRows,
    donations: donationRows,
    collectors: collectorRows,
    sales: saleRows,
    subscribers: subscriberRows,
    announcements: announcementRows,
  };
}

export async function readManifest(env: BackupBindings, now = new Date()): Promise<BackupManifest> {
  const rows = await readRows(db(env));
  const wanted = imageKeysOf(rows);
  const stored = await listStored(env.IMAGES, new Set(wanted));
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    ...rows,
    images: wanted.flatMap((key) => stored.get(key) ?? []),
    absentImages: wanted.filter((key) => !stored.has(key)),
  };
}

/** Size, type and ETag of each wanted key, from R2's listing (a thousand objects a call, not one each). */
async function listStored(bucket: R2Bucket, wanted: Set<string>): Promise<Map<string, BackupImage>> {
  const found = new Map<string, BackupImage>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata"] });
    for (const object of page.objects) {
      if (!wanted.has(object.key)) continue;
      found.set(object.key, {
        key: object.key,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
        etag: object.etag,
      });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}

export function backupArchive(env: BackupBindings, manifest: BackupManifest): BackupArchive {
  const json = new TextEncoder().encode(JSON.stringify(manifest, null, 2) + "\n");
  const exportedAt = new Date(manifest.exportedAt);
  const metadata = [
    { name: MANIFEST_NAME, size: json.byteLength },
    ...manifest.images.map((image) => ({ name: imageEntryName(image.key), size: image.size })),
  ];
  async function* entries() {
    yield { name: MANIFEST_NAME, input: json, lastModified: exportedAt };
    for (const image of manifest.images) {
      // The archive's length is promised already: an image deleted or changed meanwhile fails the download.
      const object = await env.IMAGES.get(image.key, { onlyIf: { etagMatches: image.etag } });
      if (!object || !("body" in object)) {
        throw new Error(`${image.key} changed or left storage while the backup was being made; make it again.`);
      }
      yield { name: imageEntryName(image.key), input: object.body, lastModified: object.uploaded, size: image.size };
    }
  }
  return { manifest, length: predictLength(metadata), stream: makeZip(entries()) };
}

/** The whole site as a zip download: its length known before the first byte, so a download shows its progress. */
export async function backupResponse(env: BackupBindings): Promise<Response> {
  const archive = backupArchive(env, await readManifest(env));
  return new Response(archive.stream.pipeThrough(new FixedLengthStream(archive.length)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${backupFileName(archive.manifest)}"`,
      "Content-Length": String(archive.length),
      "Cache-Control": NOT_STORED,
    },
  });
}
