// Lists read as JSON columns, so that a page showing two lists reads them in one statement: besides its
// round trip, each statement costs D1 its own work (locally about 0.35 ms of a render's few; docs/performance.md).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * What a query read by `jsonRows` selects: each row as one JSON object of `columns` (those named in `json` hold
 * JSON text and go in as JSON, not as strings), and its place in `order`.
 */
export function jsonRowOf(columns: Record<string, SQLWrapper>, json: readonly string[], order: readonly SQL[]) {
  return { row: jsonObject(columns, json).as("row"), n: rowNumber(order).as("n") };
}

function jsonObject(columns: Record<string, SQLWrapper>, json: readonly string[] = []): SQL {
  const pairs = Object.entries(columns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${json.includes(key) ? sql`json(${column})` : column}`,
  );
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

function rowNumber(order: readonly SQL[]): SQL<number> {
  return sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`;
}

/** The rows `query` selects (`jsonRowOf`) as one JSON array column, in their order, read back as objects. */
export function jsonRows<T>(query: SQLWrapper): SQL<T[]> {
  return sql`(select json_group_array(json(row) order by n) from (${query}))`.mapWith(
    (text: string) => JSON.parse(text) as T[],
  );
}

/** What a statement of such columns alone selects from: one row. */
export const ONE_ROW = sql`(select 1)`;
