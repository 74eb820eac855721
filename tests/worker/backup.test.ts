// The backup archive (app/backup): the dashboard's download is the admin's alone and never cached; the
// manifest holds every row and image the site has; a restore refuses a bad archive before writing
// anything (messages and replies checked as at intake), upserts by id in batches within D1's limits, holds
// restored unsent mail for the artist, and completes when run again after being cut off.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { fakeMailChannels } from "../support/mailchannels";
import { backupArchive, readManifest } from "~/backup/export.server";
import {
  BackupError,
  readBackup,
  restoreBackup,
  ROWS_PER_BATCH,
  type ArchiveReader,
  type RestoreStep,
} from "~/backup/restore.server";
import { imageEntryName, MANIFEST_NAME } from "~/backup/layout";
import { BACKUP_TABLES, type BackupManifest } from "~/backup/manifest";
import { putImage } from "~/images/storage.server";
import { db } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { events } from "~/events/schema";
import { messages, replies } from "~/messages/schema";
import { collectors, sales } from "~/sales/schema";
import { charities, donations } from "~/charities/schema";
import { announcementRecipients, announcements, subscribers } from "~/mailing-list/schema";
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
  await database
    .insert(collectors)
    .values({ id: "backup-collector", name: "Tom Reed", email: "tom@example.com", address: "1 Quay St, Whitby" });
  await database.insert(charities).values({
    id: "backup-charity",
    name: "Candlelighters",
    number: "1012345",
    website: "https://www.candlelighters.org.uk",
    isDefault: true,
    usualShare: { percent: 25 },
  });
  await database
    .insert(donations)
    .values({ id: "backup-donation", charityId: "backup-charity", amountPence: 8000, givenOn: "2026-11-01" });
  await database
    .update(artworks)
    .set({ charityShare: { charityId: "backup-charity", percent: 25 } })
    .where(eq(artworks.id, "backup-harbour"));
  await database.insert(sales).values({
    id: "backup-sale",
    artworkId: "backup-harbour",
    artworkTitle: "Harbour at Dusk",
    pricePence: 45000,
    soldOn: "2026-11-20",
    payment: "bank-transfer",
    shipping: "courier",
    collectorId: "backup-collector",
    charityId: "backup-charity",
    charityShare: { percent: 25 },
    pledgePence: 11250,
  });
});

/** An archive as a zip reader gives it, from the manifest and the bytes of each entry. */
function archiveOf(entries: Map<string, Uint8Array>): ArchiveReader {
  return {
    sizeOf: (name) => entries.get(name)?.byteLength,
    read: async (name, maxBytes) => {
      const bytes = entries.get(name)!;
      if (bytes.byteLength > maxBytes) throw new Error(`it unpacks to more than ${maxBytes} bytes`);
      return bytes;
    },
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
      version: 13,
      exportedAt: "2026-11-26T08:00:00.000Z",
    });
    expect(manifest.artworks.map((artwork) => artwork.id)).toEqual(["backup-harbour", "backup-legacy", "backup-lost"]);
    expect(manifest.artworks[0]).toMatchObject({ position: 3, createdAt: "2024-05-01T10:00:00.000Z" });
    expect(manifest.events.map((event) => event.id)).toEqual(["backup-fair"]);
    expect(manifest.testimonials).toEqual([]);
    expect(manifest.messages).toMatchObject([{ id: "backup-message", status: "sent", email: "tom@example.com" }]);
    expect(manifest.replies).toMatchObject([{ id: "backup-reply", messageId: "backup-message", body: "I do!" }]);
    expect(manifest.settings).toEqual([]);
    expect(manifest.collectors).toMatchObject([{ id: "backup-collector", email: "tom@example.com" }]);
    expect(manifest.sales).toMatchObject([
      { id: "backup-sale", collectorId: "backup-collector", pricePence: 45000, soldOn: "2026-11-20" },
    ]);
    expect(manifest.charities).toMatchObject([{ id: "backup-charity", number: "1012345", isDefault: true }]);
    expect(manifest.donations).toMatchObject([
      { id: "backup-donation", charityId: "backup-charity", amountPence: 8000 },
    ]);
    expect(manifest.artworks[0]!.charityShare).toEqual({ charityId: "backup-charity", percent: 25 });
    expect(manifest.sales[0]).toMatchObject({
      charityId: "backup-charity",
      charityShare: { percent: 25 },
      pledgePence: 11250,
    });
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
    expect(await refusal(withManifest({ ...manifest, version: 14 }, images))).toBe(
      "old.zip is a backup of version 14; this site restores versions 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13. Restore it with the version of the site that made it.",
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
    // A sale and its collector lost from the store come back, the sale still the collector's.
    await db(env).delete(sales);
    await db(env).delete(collectors);

    const report = await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "b.zip"), "b.zip");
    expect(report.tables.artworks).toEqual({
      inserted: 0,
      updated: ["backup-harbour"],
      unchanged: 2,
      kept: 0,
      held: 0,
    });
    expect(report.tables.testimonials).toEqual({ inserted: 1, updated: [], unchanged: 0, kept: 0, held: 0 });
    expect(report.tables.replies).toEqual({ inserted: 0, updated: [], unchanged: 1, kept: 0, held: 0 });
    expect(report.tables.collectors).toEqual({ inserted: 1, updated: [], unchanged: 0, kept: 0, held: 0 });
    expect(report.tables.sales).toEqual({ inserted: 1, updated: [], unchanged: 0, kept: 0, held: 0 });
    expect(await db(env).select().from(sales)).toMatchObject([{ id: "backup-sale", collectorId: "backup-collector" }]);
    expect(report.images).toEqual({ stored: 0, unchanged: 3, replaced: [] });
    const count = await env.DB.prepare("select count(*) as n from posts").first<{ n: number }>();
    expect(count!.n).toBe(3);
    const title = await env.DB.prepare("select title from posts where id = 'backup-harbour'").first<{
      title: string;
    }>();
    expect(title!.title).toBe("Harbour at Dusk (restored)");
  });

  it("restores a version 5 backup, made before certificates: a sale keeps the store's number, a new one gets one", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const [stored] = await db(env).select().from(sales).where(eq(sales.id, "backup-sale"));
    expect(stored!.certificateNumber).toMatch(/^[0-9A-F]{16}$/);
    const unnumbered = manifest.sales.map(({ certificateNumber: _, ...sale }) => sale);
    const older = {
      ...manifest,
      version: 5,
      // A second sale the store never had: undone, so the original's one standing sale stays the first.
      sales: [...unnumbered, { ...unnumbered[0]!, id: "backup-sale-undone", undoneAt: "2026-11-21T10:00:00.000Z" }],
    };
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(older)));
    const read = await readBackup(archiveOf(entries), "v5.zip");
    const report = await restoreBackup(env, archiveOf(entries), read, "v5.zip");
    expect(report.tables.sales).toMatchObject({ inserted: 1, updated: [], unchanged: 1 });
    const after = await db(env).select().from(sales);
    expect(after.find((sale) => sale.id === "backup-sale")!.certificateNumber).toBe(stored!.certificateNumber);
    const added = after.find((sale) => sale.id === "backup-sale-undone")!.certificateNumber;
    expect(added).toMatch(/^[0-9A-F]{16}$/);
    expect(added).not.toBe(stored!.certificateNumber);
    await db(env).delete(sales).where(eq(sales.id, "backup-sale-undone"));
  });

  it("brings back charities, donations, an artwork's share and a sale's pledge; a version 6 backup, made before them, pledges nothing", async () => {
    const database = db(env);
    const print = { id: "backup-a4", label: "A4 print", size: "", pricePence: 4500, edition: null, sold: 0 };
    await database
      .update(artworks)
      .set({ options: [{ ...print, share: { pence: 500 } }] })
      .where(eq(artworks.id, "backup-harbour"));
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    // A charity she made the default since: the backup's default takes its place.
    await database
      .insert(charities)
      .values({ id: "backup-newer", name: "Martin House", number: "517919", isDefault: false });
    await database.update(charities).set({ isDefault: false }).where(eq(charities.id, "backup-charity"));
    await database.update(charities).set({ isDefault: true }).where(eq(charities.id, "backup-newer"));
    await database.update(sales).set({ charityId: null, charityShare: null, pledgePence: null });
    await database
      .update(artworks)
      .set({ charityShare: null, options: [print] })
      .where(eq(artworks.id, "backup-harbour"));
    await database.delete(donations);
    await database.delete(charities).where(eq(charities.id, "backup-charity"));

    await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "c.zip"), "c.zip");
    expect(
      await database.select({ id: charities.id, isDefault: charities.isDefault }).from(charities).orderBy(charities.id),
    ).toEqual([
      { id: "backup-charity", isDefault: true },
      { id: "backup-newer", isDefault: false },
    ]);
    const [sale] = await database.select().from(sales).where(eq(sales.id, "backup-sale"));
    expect([sale!.charityId, sale!.charityShare, sale!.pledgePence]).toEqual([
      "backup-charity",
      { percent: 25 },
      11250,
    ]);
    expect(await database.select({ id: donations.id }).from(donations)).toEqual([{ id: "backup-donation" }]);
    const [harbour] = await database.select().from(artworks).where(eq(artworks.id, "backup-harbour"));
    expect(harbour!.charityShare).toEqual({ charityId: "backup-charity", percent: 25 });
    expect(harbour!.options).toEqual([{ ...print, share: { pence: 500 } }]);

    const strip = <T extends object>(row: T, ...keys: string[]) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
    const { charities: _, donations: __, ...rest } = manifest;
    const older = {
      ...rest,
      version: 6,
      artworks: manifest.artworks.map((artwork) => strip(artwork, "charityShare")),
      sales: manifest.sales.map((each) => strip(each, "charityId", "charityShare", "pledgePence")),
    };
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(older)));
    const read = await readBackup(archiveOf(entries), "v6.zip");
    expect(read.charities).toEqual([]);
    expect(read.donations).toEqual([]);
    expect(read.sales[0]).toMatchObject({ charityId: null, charityShare: null, pledgePence: null });
    await database.delete(charities).where(eq(charities.id, "backup-newer"));
  });

  it("carries when each work and event was first shown; a version 8 backup has none, and restores as made then", async () => {
    const database = db(env);
    await database
      .update(artworks)
      .set({ publishedAt: "2026-11-01T09:00:00.000Z" })
      .where(eq(artworks.id, "backup-harbour"));
    const manifest = await readManifest(env);
    expect(manifest.artworks[0]).toMatchObject({ id: "backup-harbour", publishedAt: "2026-11-01T09:00:00.000Z" });
    const entries = await entriesOf(manifest);
    const strip = <T extends { publishedAt?: unknown }>({ publishedAt: _, ...rest }: T) => rest;
    const v8 = { ...manifest, version: 8, artworks: manifest.artworks.map(strip), events: manifest.events.map(strip) };
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(v8)));
    const read = await readBackup(archiveOf(entries), "v8.zip");
    expect(read.artworks.map((artwork) => artwork.publishedAt)).toEqual([null, null, null]);
    expect(read.events.map((event) => event.publishedAt)).toEqual([null]);
  });

  it("carries the mailing list with its consent: the store's row wins, a restored request owes no e-mail; a version 7 backup has none", async () => {
    const database = db(env);
    const consent = {
      at: "2026-11-20T10:00:00.000Z",
      wording: "Yes, e-mail me.",
      preferences: { newWork: true, categories: ["oil" as const], events: false },
    };
    await database.insert(subscribers).values([
      {
        id: "backup-sub-1",
        email: "kept@example.com",
        status: "confirmed",
        consent,
        categories: ["oil"],
        events: false,
      },
      { id: "backup-sub-2", email: "left-since@example.com", status: "confirmed", consent },
      { id: "backup-sub-3", email: "asked@example.com", status: "pending", confirmationDue: true },
    ]);
    const manifest = await readManifest(env);
    expect(manifest.subscribers.map((row) => row.email).sort()).toEqual([
      "asked@example.com",
      "kept@example.com",
      "left-since@example.com",
    ]);
    const entries = await entriesOf(manifest);
    // Since the backup: one address left (and came back under another id), two were lost.
    await database.delete(subscribers);
    await database
      .insert(subscribers)
      .values({ id: "backup-sub-9", email: "left-since@example.com", status: "left", confirmationDue: false });

    await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "s.zip"), "s.zip");
    const rows = await database.select().from(subscribers).orderBy(subscribers.email);
    expect(rows.map(({ email, status, confirmationDue }) => ({ email, status, confirmationDue }))).toEqual([
      { email: "asked@example.com", status: "pending", confirmationDue: false },
      { email: "kept@example.com", status: "confirmed", confirmationDue: false },
      { email: "left-since@example.com", status: "left", confirmationDue: false },
    ]);
    expect(rows[1]).toMatchObject({ consent, categories: ["oil"], events: false });

    const { subscribers: _, ...rest } = manifest;
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify({ ...rest, version: 7 })));
    expect((await readBackup(archiveOf(entries), "v7.zip")).subscribers).toEqual([]);
    await database.delete(subscribers);
  });

  it("carries the announcements: the store's row wins, a restored one queues nothing and its works are not new again; a version 12 backup has none", async () => {
    const database = db(env);
    const sent = {
      id: "backup-announcement",
      line: "The harbour, finished at last.",
      artworks: [
        {
          id: "backup-harbour",
          title: "Artwork backup-harbour",
          path: "/post/backup-harbour",
          image: `/images/${THUMBNAIL}`,
          detail: "Oil on canvas",
          categories: ["oil" as const],
        },
      ],
      events: [],
      recipients: 3,
      createdAt: "2026-11-20T10:00:00.000Z",
    };
    await database.insert(announcements).values(sent);
    const manifest = await readManifest(env);
    expect(manifest.announcements).toEqual([sent]);
    const entries = await entriesOf(manifest);
    // Lost since the backup, with the record of who it went to.
    await database.delete(announcements);

    const report = await restoreBackup(env, archiveOf(entries), await readBackup(archiveOf(entries), "a.zip"), "a.zip");
    expect(report.tables.announcements.inserted).toBe(1);
    expect(await database.select().from(announcements)).toEqual([sent]);
    expect(await database.$count(announcementRecipients)).toBe(0);
    // Announce offers the harbour no more, and says how far the restored announcement is known to have gone.
    const announce = await (await fetchApp("/announce", { headers: { Cookie: cookie } })).text();
    expect(announce).not.toContain("Artwork backup-harbour");
    expect(announce).toContain("The harbour, finished at last.");
    expect(announce).toContain("Queued for 3; how each e-mail went is not recorded here");

    // Changed in the store since: the store's row stays.
    await database.update(announcements).set({ line: "Edited since." });
    expect((await restoreBackup(env, archiveOf(entries), manifest, "a.zip")).tables.announcements.kept).toBe(1);
    expect((await database.select().from(announcements))[0]!.line).toBe("Edited since.");

    const { announcements: _, ...rest } = manifest;
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify({ ...rest, version: 12 })));
    expect((await readBackup(archiveOf(entries), "v12.zip")).announcements).toEqual([]);
    await database.delete(announcements);
  });

  it("restores a version 1 backup, which named an artwork's copies imageVariants, and writes them as imageCopies", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    // As the site wrote it before migration 0017 renamed the column: version 1, `imageVariants`.
    const older = {
      ...manifest,
      version: 1,
      artworks: manifest.artworks.map(({ imageCopies, options: _, ...artwork }) => ({
        ...artwork,
        imageVariants: imageCopies,
      })),
      messages: manifest.messages.map(({ artworkOption: _, ...message }) => message),
    };
    older.artworks[0]!.title = "Harbour from an older backup";
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(older)));
    await env.DB.prepare("update posts set image_copies = '{}' where id = 'backup-harbour'").run();

    const read = await readBackup(archiveOf(entries), "v1.zip");
    expect(read.version).toBe(13);
    expect(read.artworks[0]).not.toHaveProperty("imageVariants");
    expect(read.artworks[0]!.imageCopies).toEqual({ [ORIGINAL]: { thumbnail: { key: THUMBNAIL, width: 480 } } });
    const report = await restoreBackup(env, archiveOf(entries), read, "v1.zip");
    expect(report.tables.artworks).toEqual({
      inserted: 0,
      updated: ["backup-harbour"],
      unchanged: 2,
      kept: 0,
      held: 0,
    });
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
    expect(report.tables.replies).toEqual({ inserted: 0, updated: [], unchanged: 0, kept: 1, held: 0 });
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
    expect(steps.filter((step) => step.step !== "records")).toEqual([
      ...counted("checking", manifest.images),
      ...counted("storing", manifest.images),
      ...counted("replacing", replaced),
    ]);
    // The records, if any differ, are written between the storing and the replacing.
    const records = steps.flatMap((step, at) => (step.step === "records" ? [at] : []));
    for (const at of records) expect(at).toBeGreaterThan(manifest.images.length * 2 - 1);
    const stored = await env.IMAGES.get(EVENT_IMAGE);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(TINY_JPEG);
    expect(stored!.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("writes in batches of at most ROWS_PER_BATCH rows; cut off midway, it says how far it came and completes when run again", async () => {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const many = structuredClone(manifest);
    for (let n = 0; n < 120; n++)
      many.artworks.push({ ...many.artworks[0]!, id: `backup-many-${n}`, position: 100 + n });
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(many)));
    const read = await readBackup(archiveOf(entries), "m.zip");

    // D1 answers the read of the store's rows and two batches of writes, then the connection drops.
    const batches: number[] = [];
    const dropping = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return (statements: D1PreparedStatement[]) => {
            batches.push(statements.length);
            if (batches.length === 4) return Promise.reject(new Error("Network connection lost."));
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const error = await restoreBackup({ ...env, DB: dropping }, archiveOf(entries), read, "m.zip").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      `The restore stopped after ${2 * ROWS_PER_BATCH} of 120 new or changed records (the 0 images it stored stay): Network connection lost. Run it again to write the rest.`,
    );
    // The read (one statement a table), then each batch: the purge and at most ROWS_PER_BATCH rows.
    expect(batches).toEqual([
      Object.keys(BACKUP_TABLES).length,
      ROWS_PER_BATCH + 1,
      ROWS_PER_BATCH + 1,
      120 - 2 * ROWS_PER_BATCH + 1,
    ]);
    const written = await env.DB.prepare("select count(*) as n from posts where id like 'backup-many-%'").first("n");
    expect(written).toBe(2 * ROWS_PER_BATCH);

    const again = await restoreBackup(env, archiveOf(entries), read, "m.zip");
    expect(again.tables.artworks).toMatchObject({ inserted: 120 - 2 * ROWS_PER_BATCH, updated: [] });
    expect(await env.DB.prepare("select count(*) as n from posts where id like 'backup-many-%'").first("n")).toBe(120);
    await env.DB.prepare("delete from posts where id like 'backup-many-%'").run();
  });
});

describe("messages and replies in a backup", () => {
  /** The archive with `edit` made to its manifest. */
  async function archiveWith(edit: (manifest: BackupManifest) => void) {
    const manifest = await readManifest(env);
    const entries = await entriesOf(manifest);
    const edited = structuredClone(manifest);
    edit(edited);
    entries.set(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(edited)));
    return archiveOf(entries);
  }
  const tomorrow = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();

  it("are checked as the forms check them: an address, the forms' lengths, no date in the future", async () => {
    const cases: Array<[string, (manifest: BackupManifest) => void, string]> = [
      ["an address that is not one", (m) => void (m.messages[0]!.email = "someone, somewhere"), "messages.0.email"],
      ["a message too long", (m) => void (m.messages[0]!.message = "x".repeat(5001)), "messages.0.message"],
      ["a reply dated tomorrow", (m) => void (m.replies[0]!.createdAt = tomorrow()), "replies.0.createdAt"],
      ["a blank reply", (m) => void (m.replies[0]!.body = "   "), "replies.0.body"],
      [
        "an attempt dated tomorrow",
        (m) => void (m.messages[0]!.lastAttemptAt = tomorrow()),
        "messages.0.lastAttemptAt",
      ],
    ];
    for (const [what, edit, path] of cases) {
      const error = await readBackup(await archiveWith(edit), "h.zip").catch((caught: unknown) => caught);
      expect(error, what).toBeInstanceOf(BackupError);
      expect((error as Error).message, what).toContain(`h.zip: backup.json at ${path}:`);
    }
  });

  it("never sent, arrive held for the artist, and the scheduled retry e-mails none of them", async () => {
    const mail = fakeMailChannels();
    const archive = await archiveWith((manifest) => {
      const message = manifest.messages[0]!;
      const now = new Date().toISOString();
      manifest.messages.push(
        {
          ...message,
          id: "restored-failed",
          email: "elsewhere@example.net",
          status: "failed",
          attempts: 1,
          createdAt: now,
        },
        { ...message, id: "restored-digest", status: "digest", attempts: 0, createdAt: now },
      );
      manifest.replies.push({
        ...manifest.replies[0]!,
        id: "restored-reply",
        messageId: "restored-failed",
        status: "failed",
        attempts: 1,
        createdAt: now,
      });
    });
    const report = await restoreBackup(env, archive, await readBackup(archive, "u.zip"), "u.zip");
    expect(report.tables.messages).toMatchObject({ inserted: 2, held: 2 });
    expect(report.tables.replies).toMatchObject({ inserted: 1, held: 1 });
    const rows = await env.DB.prepare(
      "select id, status from messages where id like 'restored-%' union all select id, status || ' ' || attempts from message_replies where id = 'restored-reply' order by id",
    ).all();
    expect(rows.results).toEqual([
      { id: "restored-digest", status: "held" },
      { id: "restored-failed", status: "held" },
      { id: "restored-reply", status: "failed 5" },
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(mail.calls).toEqual([]);
    await env.DB.prepare("delete from messages where id like 'restored-%'").run();
  });
});
