// What a local server (wrangler dev --persist-to) has stored, read straight from Miniflare's own
// SQLite files: a test can then say what a request left in R2 and D1, which no page of the site shows
// (an upload cancelled half-way). Read-only; the server keeps running.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

function eachStore<T>(persistTo: string, kind: string, read: (database: DatabaseSync) => T[]): T[] {
  const dir = join(persistTo, "v3", kind);
  const found: T[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const database = new DatabaseSync(join(dir, file), { readOnly: true });
    try {
      // The server may be writing this very moment (SQLITE_BUSY): wait for its write, as a second reader would.
      database.exec("PRAGMA busy_timeout = 5000");
      found.push(...read(database));
    } finally {
      database.close();
    }
  }
  return found;
}

/** Every key in the local R2 bucket. */
export function storedImageKeys(persistTo: string): string[] {
  return eachStore(persistTo, "r2/miniflare-R2BucketObject", (database) =>
    (database.prepare("select key from _mf_objects").all() as { key: string }[]).map((row) => row.key),
  );
}

/** The rows `sql` selects from the local D1 database. */
export function localD1Rows(persistTo: string, sql: string, ...params: SQLInputValue[]): Record<string, unknown>[] {
  return eachStore(persistTo, "d1/miniflare-D1DatabaseObject", (database) => database.prepare(sql).all(...params));
}
