// Repeated rows of fields in one form (an artwork's options, the commissions page's price guide) and the changes
// their buttons make: add, move up or down, remove. With JavaScript the buttons change the rows in the page
// (app/forms/RowsField.tsx); without it they send the form, which comes back drawn with the change and nothing
// saved (rowChangeOf).
import { keptFrom, type Kept } from "~/forms/result";

/** A group's rows: each row's key and the form field that carries it (repeated, one per row, in row order). */
export type RowFields = Record<string, string>;

/** One row as typed, by key. */
export type Row<F extends RowFields> = Record<keyof F, string>;

/** The button every row change is sent by without JavaScript: "options:add", or "options:up:2", "prices:remove:0". */
export const ROW_CHANGE_FIELD = "rowChange";

export type RowChange = { kind: "add" } | { kind: "up" | "down" | "remove"; row: number };

export function changeValue(group: string, change: RowChange): string {
  return change.kind === "add" ? `${group}:add` : `${group}:${change.kind}:${change.row}`;
}

/** The group and change a button sent, or null for a form sent to be saved. */
export function parseChange(value: unknown): { group: string; change: RowChange } | null {
  const match = typeof value === "string" ? /^([a-z]{1,20}):(?:(add)|(up|down|remove):(\d{1,3}))$/i.exec(value) : null;
  if (!match) return null;
  const change: RowChange = match[2]
    ? { kind: "add" }
    : { kind: match[3] as "up" | "down" | "remove", row: Number(match[4]) };
  return { group: match[1]!, change };
}

/** The rows after a change; a move past either end or of a row that is not there changes nothing. */
export function changeRows<R>(rows: R[], change: RowChange, blank: () => R): R[] {
  if (change.kind === "add") return [...rows, blank()];
  const { row } = change;
  if (row < 0 || row >= rows.length) return rows;
  if (change.kind === "remove") return rows.filter((_, index) => index !== row);
  const to = change.kind === "up" ? row - 1 : row + 1;
  if (to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[row], next[to]] = [next[to]!, next[row]!];
  return next;
}

export function blankRow<F extends RowFields>(fields: F): Row<F> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, ""])) as Row<F>;
}

/** Rows from the lists a refused or redrawn form kept, one value per row in each list; undefined when none were sent. */
export function rowsFromLists<F extends RowFields>(
  fields: F,
  lists: Record<string, string[]> | undefined,
): Row<F>[] | undefined {
  const names = Object.values(fields);
  if (!lists || !names.some((name) => name in lists)) return undefined;
  const count = Math.max(...names.map((name) => lists[name]?.length ?? 0));
  return Array.from(
    { length: count },
    (_, index) =>
      Object.fromEntries(Object.entries(fields).map(([key, name]) => [key, lists[name]?.[index] ?? ""])) as Row<F>,
  );
}

/** The lists a form keeps for `rows`, so the form is drawn again with them. */
export function listsFromRows<F extends RowFields>(fields: F, rows: Row<F>[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, name]) => [name, rows.map((row) => row[key as keyof F])]),
  );
}

/**
 * What a form sent by one of its row buttons is drawn again with: everything typed, that group's rows changed.
 * Undefined for a form sent to be saved (or a change of a group it does not have).
 */
export function rowChangeOf(form: FormData, groups: Record<string, RowFields>): Kept | undefined {
  const sent = parseChange(form.get(ROW_CHANGE_FIELD));
  const fields = sent && Object.hasOwn(groups, sent.group) ? groups[sent.group] : undefined;
  if (!sent || !fields) return undefined;
  const kept = keptFrom(form);
  // Every group drawn as sent: one emptied by its Remove buttons sends no fields, and stays empty.
  const lists = { ...kept.lists };
  for (const [group, each] of Object.entries(groups)) {
    const rows = rowsFromLists(each, kept.lists) ?? [];
    Object.assign(
      lists,
      listsFromRows(each, group === sent.group ? changeRows(rows, sent.change, () => blankRow(each)) : rows),
    );
  }
  return { values: kept.values, lists };
}
