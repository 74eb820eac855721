import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/** `set` clause for an upsert that overwrites every column except the key with the incoming row. */
export function overwriteWithExcluded<T extends SQLiteTable>(table: T, keep: string[] = ["id"]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (!keep.includes(property)) set[property] = sql.raw(`excluded.\`${column.name}\``);
  }
  return set;
}
