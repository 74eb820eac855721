import { count, eq, gt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/platform/db.server";

/** A table whose rows can be counted by the hour: an `id` key and a `createdAt` timestamp (app/platform/columns.ts). */
type HourlyTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

const anHourBefore = (now: number) => new Date(now - 60 * 60 * 1000).toISOString();

/**
 * Runs `insert` and counts `table`'s rows of the last hour in one D1 batch (one transaction), so
 * inserts arriving together are each counted with every one before them and `cap` is never
 * overshot; a row that came past it is taken back (null). Otherwise the row and the hour's count.
 */
export async function insertWithinHourlyCap<Row extends { id: string }>(
  database: Database,
  table: HourlyTable,
  cap: number,
  insert: BatchItem<"sqlite"> & PromiseLike<Row[]>,
  now: number,
): Promise<{ row: Row; thisHour: number } | null> {
  const [[row], [counted]] = (await database.batch([
    insert,
    database
      .select({ n: count() })
      .from(table)
      .where(gt(table.createdAt, anHourBefore(now))),
  ])) as [Row[], { n: number }[]];
  if (!row) throw new Error("The row was not stored.");
  const thisHour = counted?.n ?? 0;
  if (thisHour <= cap) return { row, thisHour };
  await database.delete(table).where(eq(table.id, row.id));
  return null;
}
