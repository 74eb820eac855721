// The backup archive (app/backup): the dashboard's download is the admin's alone and never cached; the
// manifest holds every row and image the site has; a restore refuses a bad archive before writing
// anything, upserts by id, and leaves the store as it was when D1 refuses the rows.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { backupArchive, readManifest } from "~/backup/export.server";
import { BackupError, readBackup, restoreBackup, type ArchiveReader, type RestoreStep } from "~/backup/restore.server";
import { imageEntryName, MANIFEST_NAME } from "~/backup/layout";
import type { BackupManifest } from "~/backup/manifest";
import { putImage } from "~/images/storage.server";
import { db } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { events } from "~/events/schema";
import { messages, replies } from "~/messages/schema";
import { signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, TINY_JPEG, webpOfWidth } from "./helpers";
import { snapshotStorage } from "./storage-snapshot";

const ORIGINAL = "posts/1700000000000_backup-harbour.jpg";
const THUMBNAIL = "posts/1700000000000_backup-harbour.thumbnail.webp";
const EVENT_IMAGE = "events/1700000000001_backup-fair.jpg";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
  await putImage(env.IMAGES, ORIGINAL, TINY_JPEG, "image/jpeg");
  await putImage(env.IMAGES, THUMBNAIL, webpOfWidth(480), "image/webp");
  await putImage(env.IMAGES, EVENT_IMAGE, TINY_JPEG, "image/jpeg");
  const database = db(env);
  await database.insert(artworks).values([
    makeArtwork({
      id: "backup-harbour",
      imageUrls: [ORIGINAL],
      imageCopies: { [ORIGINAL]: { thumbnail: { key: THUMBNAIL, width: 480 } } },
      position: 3,
      createdAt: "2024-05-01T10:00:00.000Z",
    }),
    // Named in its row, gone from R2: the backup says so rather than failing.
    makeArtwork({ id: "backup-lost", imageUrls: ["posts/1_backup-lost.jpg"], draft: true }),
    // On the old site's host: not ours to back up.
    makeArtwork({ id: "backup-legacy", imageUrls: ["https://res.cloudinary.com/demo/image/upload/x.jpg"] }),
  ]);
  await database.insert(events).values({
    id: "backup-fair",
    name: "Harrogate Art Fair",
    description: "Paintings and prints.",
    date: "2099-05-01",
    image: EVENT_IMAGE,
  });
  await database.insert(messages).values({
    id: "backup-message",
    kind: "contact",
    name: "Tom Reed",
    email: "tom@example.com",
    message: "Do you paint pets?",
    status: "sent",
  });
  await database.insert(replies).values({ id: "backup-reply", messageId: "backup-message", body: "I do!" });
});

/** An archive as a zip reader gives it, from the manifest and the bytes of each entry. */
function archiveOf(entries: Map<string, Uint8Array>): ArchiveReader {
  return {
    sizeOf: (name) => entries.get(name)?.byteLength,
    read: async (name) => entries.get(name)!,
  };
}

async function entriesOf(manifest: BackupManifest): Promise<Map<string, Uint8Array>> {
  const entries = new Map([[MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(manifest))]]);
  for (const image of manifest.images) {
    const object = await env.IMAGES.get(image.key);
    entries.set(imageEntryName(image.key), new Uint8Array(await object!.arrayBuffer()));
  }
  return entries;
}

describe("the dashboard's backup download", () => {
  it("sends a visitor without a session to the sign-in, with no archive", async () => {
    const response = await fetchApp("/dashboard/backup", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Content-Type")).not.toBe("application/zip");
  });

  it("gives the admin a zip of the promised length, named by the day, never stored by any cache", async () => {
    const response = await fetchApp("/dashboard/backup", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="site-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(String(bytes.byteLength)).toBe(response.headers.get("Content-Length"));
    // A zip's first local file header, then the manifest's name.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(new TextDecoder().decode(bytes.slice(30, 30 + MANIFEST_NAME.length))).toBe(MANIFEST_NAME);
  });
});

describe("the manifest", () => {
  it("holds every row with its id and every stored image the rows name, and says which are absent", async () => {
    const manifest = await readManifest(env, new Date("2026-11-26T08:00:00.000Z"));
    expect(manifest).toMatchObject({
      format: "artist-portfolio-backup",
      version: 2,
      exportedAt: "2026-11-26T08:00:00.000Z",
    });
    expect(manifest.artworks.map((artwork) => artwork.id)).toEqual(["backup-harbour", "backup-legacy", "backup-lost"]);
    expect(manifest.artworks[0]).toMatchObject({ position: 3, createdAt: "2024-05-01T10:00:00.000Z" });
    expect(manifest.events.map((event) => event.id)).toEqual(["backup-fair"]);
    expect(manifest.testimonials).toEqual([]);
    expect(manifest.messages).toMatchObject([{ id: "backup-message", status: "sent", email: "tom@example.com" }]);
    expect(manifest.replies).toMatchObject([{ id: "backup-reply", messageId: "backup-message", body: "I do!" }]);
    expect(manifest.settings).toEqual([]);
    expect(manifest.images.map((image) => image.key)).toEqual([EVENT_IMAGE, ORIGINAL, THUMBNAIL]);
    expect(manifest.images[1]).toMatchObject({ size: TINY_JPEG.byteLength, contentType: "image/jpeg" });
    expect(manifest.absentImages).toEqual(["posts/1_backup-lost.jpg"]);
    expect(backupArchive(env, manifest).length).toBeGreaterThan(BigInt(TINY_JPEG.byteLength * 2));
  });
});

describe("reading an archive before restoring it", () => {
  const refusal = async (entries: Map<string, Uint8Array>) => {
    const error = await readBackup(archiveOf(entries), "old.zip").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    return (error as Error).message;
  };
  const withManifest = (manifest: unknown, entries = new Map<string, Uint8Array>()) =>
    new Map(entries).set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(manifest)));

  it("refuses a zip that is not ours, one of another version, and a manifest that does not hold", async () => {
    const manifest = await readManifest(env);
    const images = await entriesOf(manifest);
    expect(await refusal(new Map([["photo.jpg", TINY_JPEG]]))).toBe(
      "old.zip is a zip file, but not a backup of this site: it has no backup.json.",
    );
    expect(await refusal(withManifest({ format: "something-else", version: 1 }))).toMatch(/not a backup of this site/);
    expect(await refusal(withManifest({ ...manifest, version: 3 }, images))).toBe(
      "old.zip is a backup of version 3; this site restores versions 1 and 2. Restore it with the version of the site that made it.",
    );
    const broken = { ...manifest, artworks: [{ ...manifest.artworks[0], title: 7 }] };
    expect(await refusal(withManifest(broken, images))).toMatch(/^old\.zip: backup\.json at artworks\.0\.title: /);
    const escaping = { ...manifest, images: [{ ...manifest.images[0]!, key: "../outside.jpg" }] };
    expect(await refusal(withManifest(escaping, images))).toBe(
      "old.zip: backup.json at images.0.key: not an image key this site stores.",
    );
  });

  it("refuses bytes that are not an image, and a record naming an image the list lacks", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const page = new TextEncoder().encode("<script>alert(document.cookie)</script>");
    const disguised = {
      ...manifest,
      images: manifest.images.map((image) => (image.key === ORIGINAL ? { ...image, size: page.byteLength } : image)),
    };
    expect(await refusal(withManifest(disguised, new Map(entries).set(imageEntryName(ORIGINAL), page)))).toBe(
      `old.zip: images/${ORIGINAL} is not a JPEG, PNG, WebP, GIF or AVIF image.`,
    );
    const unlisted = { ...manifest, images: manifest.images.filter((image) => image.key !== THUMBNAIL) };
    expect(await refusal(withManifest(unlisted, entries))).toBe(
      `old.zip: backup.json's records name ${THUMBNAIL}, which its image list lacks.`,
    );
  });

  it("refuses an archive that lacks an image its manifest lists, or has it cut short", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const missing = new Map(entries);
    missing.delete(imageEntryName(THUMBNAIL));
    expect(await refusal(missing)).toBe(`old.zip: images/${THUMBNAIL} is listed in backup.json but not in the zip.`);
    const cut = new Map(entries).set(imageEntryName(ORIGINAL), TINY_JPEG.slice(0, 10));
    expect(await refusal(cut)).toMatch(/has 10 bytes where backup\.json says \d+/);
  });
});

describe("restoring", () => {
  it("upserts by id: new rows go in, changed ones are updated, equal ones and stored images are skipped", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const edited = structuredClone(manifest);
    edited.artworks[0]!.title = "Harbour at Dusk (restored)";
    edited.testimonials.push({
      id: "backup-testimonial",
      author: "Ann",
      message: "Lovely work.",
      approved: true,
      held: false,
      createdAt: "2025-01-02T03:04:05.000Z",
    });
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(edited)));

    const report = await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "b.zip"), "b.zip");
    expect(report.tables.artworks).toEqual({ inserted: 0, updated: ["backup-harbour"], unchanged: 2, kept: 0 });
    expect(report.tables.testimonials).toEqual({ inserted: 1, updated: [], unchanged: 0, kept: 0 });
    expect(report.tables.replies).toEqual({ inserted: 0, updated: [], unchanged: 1, kept: 0 });
    expect(report.images).toEqual({ stored: 0, unchanged: 3, replaced: [] });
    const count = await env.DB.prepare("select count(*) as n from posts").first<{ n: number }>();
    expect(count!.n).toBe(3);
    const title = await env.DB.prepare("select title from posts where id = 'backup-harbour'").first<{
      title: string;
    }>();
    expect(title!.title).toBe("Harbour at Dusk (restored)");
  });

  it("restores a version 1 backup, which named an artwork's copies imageVariants, and writes them as imageCopies", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    // As the site wrote it before migration 0017 renamed the column: version 1, `imageVariants`.
    const older = {
      ...manifest,
      version: 1,
      artworks: manifest.artworks.map(({ imageCopies, ...artwork }) => ({ ...artwork, imageVariants: imageCopies })),
    };
    older.artworks[0]!.title = "Harbour from an older backup";
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(older)));
    await env.DB.prepare("update posts set image_copies = '{}' where id = 'backup-harbour'").run();

    const read = await readBackup(archiveOf(entries), "v1.zip");
    expect(read.version).toBe(2);
    expect(read.artworks[0]).not.toHaveProperty("imageVariants");
    expect(read.artworks[0]!.imageCopies).toEqual({ [ORIGINAL]: { thumbnail: { key: THUMBNAIL, width: 480 } } });
    const report = await restoreBackup(env, archiveOf(entries), read, "v1.zip");
    expect(report.tables.artworks).toEqual({ inserted: 0, updated: ["backup-harbour"], unchanged: 2, kept: 0 });
    const row = await env.DB.prepare("select title, image_copies from posts where id = 'backup-harbour'").first();
    expect(row).toEqual({
      title: "Harbour from an older backup",
      image_copies: JSON.stringify({ [ORIGINAL]: { thumbnail: { key: THUMBNAIL, width: 480 } } }),
    });
    // A version 1 backup missing the copies' image is refused as any other.
    const unlisted = { ...older, images: older.images.filter((image) => image.key !== THUMBNAIL) };
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(unlisted)));
    await expect(readBackup(archiveOf(entries), "v1.zip")).rejects.toThrow(
      `v1.zip: backup.json's records name ${THUMBNAIL}, which its image list lacks.`,
    );
  });

  it("keeps a message's and a reply's delivery as the store has it: an older backup never e-mails again", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    await env.DB.prepare("update message_replies set status = 'sent', attempts = 1 where id = 'backup-reply'").run();
    // The restore records a purge (the stand-in renders again); nothing else may change.
    const unpurged = () => snapshotStorage({ skipTables: ["public_cache_purges"] });
    const before = await unpurged();
    const report = await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "d.zip"), "d.zip");
    expect(report.tables.replies).toEqual({ inserted: 0, updated: [], unchanged: 0, kept: 1 });
    const reply = await env.DB.prepare(
      "select status, attempts from message_replies where id = 'backup-reply'",
    ).first();
    expect(reply).toEqual({ status: "sent", attempts: 1 });
    expect(await unpurged()).toBe(before);
  });

  it("replaces an image the store holds with other bytes only once the rows are in, and says so", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    await putImage(env.IMAGES, EVENT_IMAGE, webpOfWidth(300), "image/webp");
    const steps: RestoreStep[] = [];
    const onStep = (step: RestoreStep) => steps.push(step);
    const read = await readBackup(archiveOf(entries), "e.zip", onStep);
    const report = await restoreBackup(env, archiveOf(entries), read, "e.zip", onStep);
    expect(report.images).toEqual({ stored: 1, unchanged: 2, replaced: [EVENT_IMAGE] });
    // What `npm run import` shows as it goes: each image once dealt with, of how many, with their bytes.
    const counted = (step: RestoreStep["step"], images: BackupManifest["images"]) =>
      images.map((_, n) => ({
        step,
        done: n + 1,
        total: images.length,
        bytes: images.slice(0, n + 1).reduce((sum, image) => sum + image.size, 0),
        totalBytes: images.reduce((sum, image) => sum + image.size, 0),
      }));
    const replaced = manifest.images.filter((image) => image.key === EVENT_IMAGE);
    expect(steps).toEqual([
      ...counted("checking", manifest.images),
      ...counted("storing", manifest.images),
      { step: "records", rows: expect.any(Number) },
      ...counted("replacing", replaced),
    ]);
    const stored = await env.IMAGES.get(EVENT_IMAGE);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(TINY_JPEG);
    expect(stored!.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("leaves the store as it was when D1 refuses the rows: the images it added are deleted again", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const added = "posts/1700000000009_backup-new.jpg";
    const broken = structuredClone(manifest);
    broken.artworks.push({ ...broken.artworks[0]!, id: "backup-new", imageUrls: [added], imageCopies: {} });
    broken.images.push({ key: added, size: TINY_JPEG.byteLength, contentType: "image/jpeg", etag: "none" });
    // A reply to a message that is in neither the backup nor the store: its foreign key fails the batch.
    broken.replies.push({ ...broken.replies[0]!, id: "backup-orphan", messageId: "no-such-message" });
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(broken)));
    entries.set(imageEntryName(added), TINY_JPEG);

    const before = await snapshotStorage();
    const error = await restoreBackup(
      env,
      archiveOf(entries),
      await readBackup(archiveOf(entries), "c.zip"),
      "c.zip",
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      /^Nothing was restored: .*FOREIGN KEY.*\. The 1 image it had added was deleted again\.$/,
    );
    expect(await snapshotStorage()).toBe(before);
    expect(await env.IMAGES.head(added)).toBeNull();
  });
});
