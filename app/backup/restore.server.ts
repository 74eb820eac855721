// Puts a backup archive back: checks the whole archive before writing anything, stores the images it
// lacks, then writes every row that is new or different in one D1 batch (one transaction). Rows are
// upserted by id, so a restore into a store with content never duplicates; if D1 refuses the rows, the
// images this run added are deleted again and the store is as it was. `npm run import -- --file x.zip`.
import { eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { db, type Database } from "~/platform/db.server";
import { deleteImageObjects, putImage } from "~/images/storage.server";
import { purgeSql } from "~/public-cache/purge.server";
import { SITE_TAG } from "~/public-cache/tags";
import { readRows, type BackupBindings } from "~/backup/export.server";
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  MANIFEST_NAME,
  imageEntryName,
  manifestSchema,
  type BackupManifest,
  type BackupRows,
  type BackupTable,
} from "~/backup/manifest";

/** The entries of an opened archive (a zip file, read by the caller). */
export interface ArchiveReader {
  /** The entry's size once unpacked, or undefined when the archive has no such entry. */
  sizeOf(name: string): number | undefined;
  read(name: string): Promise<Uint8Array>;
}

/** A backup that cannot be restored: one line saying what and where. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The archive's manifest, once the archive is known to be whole: nothing has been written yet. */
export async function readBackup(archive: ArchiveReader, label: string): Promise<BackupManifest> {
  if (archive.sizeOf(MANIFEST_NAME) === undefined) {
    throw new BackupError(`${label} is a zip file, but not a backup of this site: it has no ${MANIFEST_NAME}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(await archive.read(MANIFEST_NAME)));
  } catch (error) {
    throw new BackupError(`${label}: ${MANIFEST_NAME} is not readable JSON (${(error as Error).message}).`);
  }
  const head = z.object({ format: z.string(), version: z.unknown() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT) {
    throw new BackupError(`${label} is not a backup of this site: ${MANIFEST_NAME} does not say "${BACKUP_FORMAT}".`);
  }
  if (head.data.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${label} is a backup of version ${JSON.stringify(head.data.version)}; this site restores version ${BACKUP_VERSION}. ` +
        "Restore it with the version of the site that made it.",
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(`${label}: ${MANIFEST_NAME} at ${issue.path.join(".")}: ${issue.message}.`);
  }
  for (const image of parsed.data.images) {
    const size = archive.sizeOf(imageEntryName(image.key));
    if (size === undefined) {
      throw new BackupError(`${label}: ${imageEntryName(image.key)} is listed in ${MANIFEST_NAME} but not in the zip.`);
    }
    if (size !== image.size) {
      throw new BackupError(
        `${label}: ${imageEntryName(image.key)} has ${size} bytes where ${MANIFEST_NAME} says ${image.size}.`,
      );
    }
  }
  return parsed.data;
}

type TableReport = { inserted: number; updated: string[]; unchanged: number };
export type RestoreReport = {
  tables: Record<BackupTable, TableReport>;
  /** Images stored by this restore, already there with the same bytes, or there with other bytes (replaced). */
  images: { stored: number; unchanged: number; replaced: string[] };
};

export async function restoreBackup(
  env: BackupBindings,
  archive: ArchiveReader,
  manifest: BackupManifest,
): Promise<RestoreReport> {
  const database = db(env);
  const current = await readRows(database);
  const images: RestoreReport["images"] = { stored: 0, unchanged: 0, replaced: [] };
  const added: string[] = [];
  try {
    for (const image of manifest.images) {
      const there = await env.IMAGES.head(image.key);
      if (there && there.etag === image.etag && there.size === image.size) {
        images.unchanged++;
        continue;
      }
      await putImage(env.IMAGES, image.key, await archive.read(imageEntryName(image.key)), image.contentType);
      if (there) images.replaced.push(image.key);
      else added.push(image.key);
      images.stored++;
    }
    const { statements, tables } = upserts(database, current, manifest);
    // One batch is one transaction: every row goes in, or none. The purge makes the stand-in render again.
    await database.batch([database.run(sql.raw(purgeSql([SITE_TAG]))), ...statements]);
    return { tables, images };
  } catch (error) {
    await deleteImageObjects(env.IMAGES, added);
    const replaced = images.replaced.length
      ? ` These images had other bytes and were replaced: ${images.replaced.join(", ")}.`
      : "";
    throw new BackupError(
      `Nothing was restored: ${(error as Error).message}. The ${added.length} images this run had added were deleted again.${replaced}`,
    );
  }
}

/** An upsert for each row that is new or differs from the store's, and what each table gets. */
function upserts(database: Database, current: BackupRows, manifest: BackupManifest) {
  const statements: ReturnType<typeof upsert>[] = [];
  const tables = {} as Record<BackupTable, TableReport>;
  for (const name of Object.keys(BACKUP_TABLES) as BackupTable[]) {
    const table = BACKUP_TABLES[name];
    const keyOf = (row: object) => String((row as Record<string, unknown>)[name === "settings" ? "key" : "id"]);
    const existing = new Map((current[name] as object[]).map((row) => [keyOf(row), row]));
    const report: TableReport = { inserted: 0, updated: [], unchanged: 0 };
    for (const row of manifest[name] as Record<string, unknown>[]) {
      const there = existing.get(keyOf(row));
      if (there && sameRow(there, row)) {
        report.unchanged++;
        continue;
      }
      if (there) report.updated.push(keyOf(row));
      else report.inserted++;
      statements.push(upsert(database, table, name === "settings" ? "key" : "id", row));
    }
    tables[name] = report;
  }
  return { statements, tables };
}

function upsert(database: Database, table: SQLiteTable, key: string, row: Record<string, unknown>) {
  const target = (table as unknown as Record<string, Parameters<typeof eq>[0]>)[key]!;
  return database
    .insert(table)
    .values(row)
    .onConflictDoUpdate({ target: target as never, set: row });
}

function sameRow(a: object, b: Record<string, unknown>): boolean {
  const left = a as Record<string, unknown>;
  return Object.keys(b).every((column) => JSON.stringify(left[column]) === JSON.stringify(b[column]));
}
