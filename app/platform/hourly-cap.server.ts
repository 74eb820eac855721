// A visitor's form is stored within its site-wide hourly cap without ever turning a visitor away
// during a flood: past the cap a row is stored held (kept for the artist, no e-mail), and only past
// a daily bound on held rows, which keeps D1 bounded, is nothing stored. One INSERT … SELECT decides
// both, so rows arriving together are each counted with every one before them, and a request cut
// off midway leaves either its row, decided, or nothing.
import { and, count, getTableColumns, gt, ne, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/platform/db.server";
import { insertWhere } from "~/platform/insert-where.server";

/** A table whose rows can be counted by the hour: an `id` key and a `createdAt` timestamp (app/platform/columns.ts). */
type CappedTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/** The column that marks a row held, and its value for a held row and for an ordinary one. */
export type Hold<Value> = { column: SQLiteColumn; held: Value; open: Value };

export type Caps = {
  /** Ordinary rows an hour; past it, rows are held. */
  perHour: number;
  /** Held rows in 24 hours; past it, nothing is stored. */
  heldPerDay: number;
  /** Hold this row whatever the hour holds (the feature has its own reason to), within `heldPerDay`. */
  holdAnyway?: boolean;
};

const before = (now: number, hours: number) => new Date(now - hours * 60 * 60 * 1000).toISOString();

/**
 * Stores `values` as an ordinary row while this hour's ordinary rows are under `caps.perHour`, else
 * held while the last day's held rows are under `caps.heldPerDay`; null when it was not stored. With
 * the row: whether it is held, and how many ordinary rows this hour holds (with it, when it is one).
 */
export async function storeWithinHourlyCap<Row>(
  database: Database,
  table: CappedTable,
  hold: Hold<unknown>,
  caps: Caps,
  /** The row's fields by their names in the table's schema; columns left out take their defaults. */
  values: Record<string, unknown>,
  now: number,
): Promise<{ row: Row; held: boolean; thisHour: number } | null> {
  const hourAgo = before(now, 1);
  const held = sql.param(hold.held, hold.column);
  const ordinaryThisHour = sql`(select count(*) from ${table} where ${table.createdAt} > ${hourAgo} and ${hold.column} <> ${held})`;
  const heldToday = sql`(select count(*) from ${table} where ${table.createdAt} > ${before(now, 24)} and ${hold.column} = ${held})`;
  const holdKey = Object.entries(getTableColumns(table)).find(([, column]) => column === hold.column)![0];
  const mark = caps.holdAnyway
    ? sql`${held}`
    : sql`case when ${ordinaryThisHour} < ${caps.perHour} then ${sql.param(hold.open, hold.column)} else ${held} end`;
  const room = caps.holdAnyway
    ? sql`${heldToday} < ${caps.heldPerDay}`
    : sql`${ordinaryThisHour} < ${caps.perHour} or ${heldToday} < ${caps.heldPerDay}`;
  const [stored, [counted]] = (await database.batch([
    insertWhere(database, table, { ...values, [holdKey]: mark }, room).returning(),
    database
      .select({ n: count() })
      .from(table)
      .where(and(gt(table.createdAt, hourAgo), ne(hold.column, held))),
  ])) as unknown as [Record<string, unknown>[], { n: number }[]];
  const [first] = stored;
  if (!first) return null;
  return { row: first as Row, held: first[holdKey] === hold.held, thisHour: counted?.n ?? 0 };
}
