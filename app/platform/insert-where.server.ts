// One row stored only where a condition holds, decided by the INSERT itself (INSERT … SELECT … WHERE):
// how a cap or budget counts a row with every one before it and never leaves one to take back.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/platform/db.server";

/**
 * The insert (for a batch, or awaited; add `.returning()` to learn whether it stored) of `values`, keyed
 * by the names in the table's schema, where `condition` holds. A value may be SQL (decided in the same
 * statement); columns left out take their defaults, or null.
 */
export function insertWhere<T extends SQLiteTable>(
  database: Database,
  table: T,
  values: Record<string, unknown>,
  condition: SQL,
) {
  // INSERT … SELECT names every column of the table, in its order.
  const row = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (key in values) return is(values[key], SQL) ? (values[key] as SQL) : sql.param(values[key], column);
    const fallback = column.default ?? column.defaultFn?.();
    if (fallback === undefined) return sql`null`;
    return is(fallback, SQL) ? fallback : sql.param(fallback, column);
  });
  return database.insert(table).select(sql`select ${sql.join(row, sql`, `)} where ${condition}`);
}
