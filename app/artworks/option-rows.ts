// An artwork form's option rows as typed: the form fields each row sends, and the changes its buttons make
// (add, move up or down, remove). With JavaScript the buttons change the rows in the page; without it they
// send the form, which comes back drawn with the change and nothing saved (app/artworks/save.server.ts).
import type { ArtworkOption } from "~/artworks/options";
import { poundsText } from "~/ui/money";
import { shareText } from "~/charities/share";

/** Each row's key and the form field that carries it (repeated, one per row, in row order). */
export const OPTION_FIELDS = {
  id: "optionId",
  label: "optionLabel",
  size: "optionSize",
  price: "optionPrice",
  edition: "optionEdition",
  sold: "optionSold",
  share: "optionShare",
} as const;

export type OptionRow = Record<keyof typeof OPTION_FIELDS, string>;

/** The button every row change is sent by without JavaScript: "add", or "up:2", "down:2", "remove:2". */
export const OPTION_CHANGE_FIELD = "optionChange";

export type OptionChange = { kind: "add" } | { kind: "up" | "down" | "remove"; row: number };

export const BLANK_ROW: OptionRow = { id: "", label: "", size: "", price: "", edition: "", sold: "", share: "" };

export function changeValue(change: OptionChange): string {
  return change.kind === "add" ? "add" : `${change.kind}:${change.row}`;
}

export function parseChange(value: unknown): OptionChange | null {
  if (value === "add") return { kind: "add" };
  const match = typeof value === "string" ? /^(up|down|remove):(\d{1,3})$/.exec(value) : null;
  return match ? { kind: match[1] as "up" | "down" | "remove", row: Number(match[2]) } : null;
}

/** The rows after a change; a move past either end or of a row that is not there changes nothing. */
export function changeRows<R>(rows: R[], change: OptionChange, blank: () => R): R[] {
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

/** A stored option as its form row shows it. */
export function optionRow(option: ArtworkOption): OptionRow {
  return {
    id: option.id,
    label: option.label,
    size: option.size,
    price: poundsText(option.pricePence),
    edition: option.edition === null ? "" : String(option.edition),
    sold: String(option.sold),
    share: option.share ? shareText(option.share) : "",
  };
}

/** Rows from the lists a refused or redrawn form kept, one value per row in each list. */
export function rowsFromLists(lists: Record<string, string[]> | undefined): OptionRow[] | undefined {
  if (!lists || !(OPTION_FIELDS.label in lists)) return undefined;
  const count = Math.max(...Object.values(OPTION_FIELDS).map((name) => lists[name]?.length ?? 0));
  return Array.from({ length: count }, (_, index) => {
    const row = { ...BLANK_ROW };
    for (const [key, name] of Object.entries(OPTION_FIELDS) as [keyof OptionRow, string][]) {
      row[key] = lists[name]?.[index] ?? "";
    }
    return row;
  });
}

/** The lists a form keeps for `rows`, so the form is drawn again with them. */
export function listsFromRows(rows: OptionRow[]): Record<string, string[]> {
  return Object.fromEntries(
    (Object.entries(OPTION_FIELDS) as [keyof OptionRow, string][]).map(([key, name]) => [
      name,
      rows.map((row) => row[key]),
    ]),
  );
}
