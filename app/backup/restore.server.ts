// Puts a backup archive back. First the whole archive is read and checked, before anything is written:
// the manifest (at most MANIFEST_MAX_BYTES, its messages and replies checked as the forms check them at
// intake), every image's size (at most an upload's, declared and read: a few MB of deflate can declare
// gigabytes), checksum and bytes (an image, not a page or a script). Then the images the store lacks are
// stored, and every row that is new or differs is upserted by id in batches within D1's limits, so a
// restore into a store with content never duplicates, and one cut off midway completes when run again.
// Messages and replies already in the store keep the store's version (their delivery only moves
// forward), and so do subscribers (known by their address) and announcements (fixed when sent);
// restored messages and replies that were never sent arrive held for the artist, never e-mailed by the
// scheduled retry (TABLE_RULES). Images the store holds with other bytes are replaced only once the
// rows are in.
// `npm run import -- --file site-backup.zip`.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { charities } from "~/charities/schema";
import { z } from "zod";
import { newCertificateNumber } from "~/sales/certificate-number";
import { db, type Database } from "~/platform/db.server";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import { sniffImageType } from "~/images/bytes";
import { putImage } from "~/images/storage.server";
import { purgeSql } from "~/public-cache/purge.server";
import { imageTag, SITE_TAG } from "~/public-cache/tags";
import { readRows, type BackupBindings } from "~/backup/export.server";
import {
  BACKUP_TABLES,
  imageKeysOf,
  isRestorableVersion,
  keyColumnOf,
  RESTORABLE_VERSIONS,
  manifestOfVersion,
  manifestSchema,
  type BackupManifest,
  type BackupRows,
  type BackupTable,
} from "~/backup/manifest";
import { BACKUP_FORMAT, MANIFEST_MAX_BYTES, MANIFEST_NAME, imageEntryName } from "~/backup/layout";
import { IMAGE_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { MAX_ATTEMPTS } from "~/messages/outbox.server";

/** Rows per D1 batch: well within a Worker invocation's queries, and each batch a few seconds at most. */
export const ROWS_PER_BATCH = 50;

/** The entries of an opened archive (a zip file, read by the caller). */
export interface ArchiveReader {
  /** The entry's size once unpacked as the archive declares it, or undefined when it has no such entry. */
  sizeOf(name: string): number | undefined;
  /**
   * The entry's bytes; throws when they do not match the archive's checksum, or as soon as more than
   * `maxBytes` have come out, whatever the archive declared.
   */
  read(name: string, maxBytes: number): Promise<Uint8Array>;
}

/** A backup that cannot be restored, or a restore that stopped: one line saying what and where. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * How far a restore has come, for a command's progress line (`npm run import`): the images checked,
 * stored or skipped, or replaced so far of how many, with their bytes; or the rows about to be written.
 */
export type RestoreStep =
  | { step: "checking" | "storing" | "replacing"; done: number; total: number; bytes: number; totalBytes: number }
  | { step: "records"; done: number; total: number };
export type OnRestoreStep = (step: RestoreStep) => void;

/** Each image in turn, told to `onStep` once the loop's body has dealt with it (not when it threw). */
function* eachImage(
  images: BackupManifest["images"],
  step: "checking" | "storing" | "replacing",
  onStep: OnRestoreStep | undefined,
) {
  const totalBytes = images.reduce((sum, image) => sum + image.size, 0);
  let bytes = 0;
  for (const [index, image] of images.entries()) {
    yield image;
    bytes += image.size;
    onStep?.({ step, done: index + 1, total: images.length, bytes, totalBytes });
  }
}

/** The archive's manifest, once the whole archive is known to be sound: nothing has been written yet. */
export async function readBackup(
  archive: ArchiveReader,
  label: string,
  onStep?: OnRestoreStep,
): Promise<BackupManifest> {
  const declared = archive.sizeOf(MANIFEST_NAME);
  if (declared === undefined) {
    throw new BackupError(`${label} is a zip file, but not a backup of this site: it has no ${MANIFEST_NAME}.`);
  }
  tooLarge(label, MANIFEST_NAME, declared, MANIFEST_MAX_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(await archive.read(MANIFEST_NAME, MANIFEST_MAX_BYTES)));
  } catch (error) {
    throw new BackupError(`${label}: ${MANIFEST_NAME} is not readable JSON (${(error as Error).message}).`);
  }
  const head = z.object({ format: z.string(), version: z.unknown() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT) {
    throw new BackupError(`${label} is not a backup of this site: ${MANIFEST_NAME} does not say "${BACKUP_FORMAT}".`);
  }
  if (!isRestorableVersion(head.data.version)) {
    throw new BackupError(
      `${label} is a backup of version ${JSON.stringify(head.data.version)}; this site restores ${versionsNamed()}. ` +
        "Restore it with the version of the site that made it.",
    );
  }
  const parsed = manifestSchema.safeParse(manifestOfVersion(json, head.data.version));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(`${label}: ${MANIFEST_NAME} at ${issue.path.join(".")}: ${issue.message}.`);
  }
  const manifest = parsed.data;
  const accounted = new Set([...manifest.images.map((image) => image.key), ...manifest.absentImages]);
  const unaccounted = imageKeysOf(manifest).find((key) => !accounted.has(key));
  if (unaccounted) {
    throw new BackupError(`${label}: ${MANIFEST_NAME}'s records name ${unaccounted}, which its image list lacks.`);
  }
  for (const image of eachImage(manifest.images, "checking", onStep)) {
    const name = imageEntryName(image.key);
    const size = archive.sizeOf(name);
    if (size === undefined)
      throw new BackupError(`${label}: ${name} is listed in ${MANIFEST_NAME} but not in the zip.`);
    tooLarge(label, name, size, IMAGE_MAX_BYTES);
    if (size !== image.size) {
      throw new BackupError(`${label}: ${name} has ${size} bytes where ${MANIFEST_NAME} says ${image.size}.`);
    }
    await imageBytes(archive, label, name);
  }
  return manifest;
}

/** Refuses an entry that declares more than `max` bytes, before a byte of it is read. */
function tooLarge(label: string, name: string, declared: number, max: number) {
  if (declared <= max) return;
  throw new BackupError(
    `${label}: ${name} would unpack to ${formatMegabytes(declared)}, more than the ${formatMegabytes(max)} it may be. Nothing was restored.`,
  );
}

/** "version 1", "versions 1 and 2", "versions 1, 2 and 3". */
function versionsNamed(): string {
  const [last, ...older] = [...RESTORABLE_VERSIONS].reverse();
  return older.length === 0 ? `version ${last}` : `versions ${older.reverse().join(", ")} and ${last}`;
}

/** The entry's bytes, which must be whole and an image (the site serves them from its own address). */
async function imageBytes(archive: ArchiveReader, label: string, name: string) {
  let bytes: Uint8Array;
  try {
    bytes = await archive.read(name, IMAGE_MAX_BYTES);
  } catch (error) {
    throw new BackupError(`${label}: ${name} is damaged (${(error as Error).message}).`);
  }
  const type = sniffImageType(bytes);
  if (!type) throw new BackupError(`${label}: ${name} is not a JPEG, PNG, WebP, GIF or AVIF image.`);
  return { bytes, type };
}

type TableReport = {
  inserted: number;
  updated: string[];
  unchanged: number;
  /** Rows the store already had in another state, kept as they are (messages and replies). */
  kept: number;
  /** New messages and replies that had not been sent: they arrive held for the artist, not e-mailed. */
  held: number;
};
export type RestoreReport = {
  tables: Record<BackupTable, TableReport>;
  /** Images stored by this restore, already there with the same bytes, or there with other bytes (replaced). */
  images: { stored: number; unchanged: number; replaced: string[] };
};

export async function restoreBackup(
  env: BackupBindings,
  archive: ArchiveReader,
  manifest: BackupManifest,
  label: string,
  onStep?: OnRestoreStep,
): Promise<RestoreReport> {
  const database = db(env);
  const current = await readRows(database);
  const images: RestoreReport["images"] = { stored: 0, unchanged: 0, replaced: [] };
  const differing: BackupManifest["images"] = [];
  for (const image of eachImage(manifest.images, "storing", onStep)) {
    const there = await env.IMAGES.head(image.key);
    if (there && there.etag === image.etag && there.size === image.size) images.unchanged++;
    else if (there) differing.push(image);
    else {
      const { bytes, type } = await imageBytes(archive, label, imageEntryName(image.key));
      await putImage(env.IMAGES, image.key, bytes, type);
      images.stored++;
    }
  }
  const planned = upserts(database, current, manifest);
  const total = planned.statements.length;
  // Each batch is a transaction of its own, with the purge that makes the stand-in render again: a cut-off
  // restore leaves whole batches behind, and run again, skips them (unchanged) and writes the rest.
  for (let done = 0; done < total; done += ROWS_PER_BATCH) {
    onStep?.({ step: "records", done, total });
    const batch = planned.statements.slice(done, done + ROWS_PER_BATCH);
    try {
      await database.batch([
        database.run(sql.raw(purgeSql([SITE_TAG]))),
        ...(done === 0 ? planned.prelude : []),
        ...batch,
      ]);
    } catch (error) {
      throw new BackupError(
        `The restore stopped after ${done} of ${total} new or changed records (the ${images.stored} images it stored stay): ` +
          `${(error as Error).message.replace(/\.$/, "")}. Run it again to write the rest.`,
      );
    }
  }
  if (total > 0) onStep?.({ step: "records", done: total, total });
  await replaceImages(env, archive, label, differing, images, database, onStep);
  return { tables: planned.tables, images };
}

/** The store's images with other bytes than the backup's, replaced once the rows are in (keys never change bytes otherwise). */
async function replaceImages(
  env: BackupBindings,
  archive: ArchiveReader,
  label: string,
  differing: BackupManifest["images"],
  images: RestoreReport["images"],
  database: Database,
  onStep: OnRestoreStep | undefined,
) {
  for (const image of eachImage(differing, "replacing", onStep)) {
    try {
      const { bytes, type } = await imageBytes(archive, label, imageEntryName(image.key));
      await putImage(env.IMAGES, image.key, bytes, type);
    } catch (error) {
      const done = images.replaced.length ? ` (replaced before it: ${images.replaced.join(", ")})` : "";
      throw new BackupError(
        `The records are restored, but the image ${image.key} could not be replaced${done}: ${(error as Error).message}`,
      );
    }
    images.replaced.push(image.key);
    images.stored++;
  }
  if (images.replaced.length) await database.run(sql.raw(purgeSql(images.replaced.map(imageTag))));
}

type Row = Record<string, unknown>;

/** What a table's rows need on their way in, beyond an upsert by their key. */
type TableRule = {
  /** The store's row is never overwritten by the backup's (see the header). */
  keptInStore?: boolean;
  /** The row as it is written, given the store's row with the same key, if any. */
  asWritten?: (row: Row, there: object | undefined) => Row;
  /** A row new to the store that the site must not act on by itself: as it is written, counted as held. */
  held?: (row: Row) => Row | null;
  /** A statement run before any record is written (not counted as one). */
  prelude?: (database: Database, row: Row) => BatchItem<"sqlite"> | null;
};

const TABLE_RULES: Partial<Record<BackupTable, TableRule>> = {
  // A message's and a reply's delivery only moves forward; one never sent is not the site's to send now: a
  // message arrives held (the artist releases it from the Inbox), a reply failed with its attempts used up
  // (Retry reply sends it). The scheduled retry sends neither.
  messages: {
    keptInStore: true,
    held: (row) =>
      ["pending", "sending", "failed", "digest"].includes(row.status as string) ? { ...row, status: "held" } : null,
  },
  replies: {
    keptInStore: true,
    held: (row) =>
      ["pending", "sending", "failed"].includes(row.status as string)
        ? {
            ...row,
            status: "failed",
            attempts: Math.max(MAX_ATTEMPTS, Number(row.attempts)),
            lastError: "Restored from a backup before it was sent: press Retry reply to send it.",
          }
        : null,
  },
  // A commission only moves forward (its stage, its end, its client's link): an older backup never moves it back.
  commissions: { keptInStore: true },
  // A sale from a backup made before certificates keeps the number the store gave it, or gets one.
  sales: {
    asWritten: (sale, there) => {
      if (typeof sale.certificateNumber === "string") return sale;
      const stored = (there as { certificateNumber?: string | null } | undefined)?.certificateNumber;
      return { ...sale, certificateNumber: stored ?? newCertificateNumber() };
    },
  },
  // One default charity at a time: the backup's takes the place of one the store made since.
  charities: {
    prelude: (database, row) =>
      row.isDefault === true
        ? database
            .update(charities)
            .set({ isDefault: false })
            .where(sql`${charities.isDefault} = 1 and ${charities.id} <> ${String(row.id)}`)
        : null,
  },
  // The store's row says what the address's owner last chose: one that left is never put back on the list.
  // A restored request owes no confirmation: the restore sends nobody an e-mail.
  subscribers: { keptInStore: true, asWritten: (row) => ({ ...row, confirmationDue: false }) },
  // An announcement was fixed when it was sent. Restored, it is history: its works are no longer offered as
  // new, and nothing is queued (its deliveries are not in the backup).
  announcements: { keptInStore: true },
};

/** An upsert for each row that is new or differs from the store's, and what each table gets. */
function upserts(database: Database, current: BackupRows, manifest: BackupManifest) {
  const statements: BatchItem<"sqlite">[] = [];
  const prelude: BatchItem<"sqlite">[] = [];
  const tables = {} as Record<BackupTable, TableReport>;
  for (const name of Object.keys(BACKUP_TABLES) as BackupTable[]) {
    const table = BACKUP_TABLES[name];
    const rule = TABLE_RULES[name] ?? {};
    const key = keyColumnOf(name);
    const keyOf = (row: object) => String((row as Row)[key]);
    const existing = new Map((current[name] as object[]).map((row) => [keyOf(row), row]));
    const report: TableReport = { inserted: 0, updated: [], unchanged: 0, kept: 0, held: 0 };
    for (const given of manifest[name] as Row[]) {
      const there = existing.get(keyOf(given));
      const row = rule.asWritten ? rule.asWritten(given, there) : given;
      if (there && sameRow(there, row)) report.unchanged++;
      else if (there && rule.keptInStore) report.kept++;
      else {
        const held = there ? null : (rule.held?.(row) ?? null);
        if (there) report.updated.push(keyOf(row));
        else report.inserted++;
        if (held) report.held++;
        const first = rule.prelude?.(database, row);
        if (first) prelude.push(first);
        statements.push(upsert(database, table, key, held ?? row));
      }
    }
    tables[name] = report;
  }
  return { statements, prelude, tables };
}

function upsert(database: Database, table: SQLiteTable, key: string, row: Record<string, unknown>) {
  const target = (table as unknown as Record<string, unknown>)[key];
  return database
    .insert(table)
    .values(row)
    .onConflictDoUpdate({ target: target as never, set: overwriteWithExcluded(table, [key]) });
}

function sameRow(a: object, b: Record<string, unknown>): boolean {
  const left = a as Record<string, unknown>;
  return Object.keys(b).every((column) => JSON.stringify(left[column]) === JSON.stringify(b[column]));
}
