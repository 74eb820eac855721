// Reading a submitted form within a size cap, and parsing its fields with a zod schema.
import { parseFormData } from "@remix-run/form-data-parser";
import type { z } from "zod";
import { FORM_MAX_BYTES } from "~/forms/limits";
import type { RowFields } from "~/forms/row-changes";

/**
 * The submitted text fields, read until `maxBytes` at most (a larger body is not read further), or an
 * empty form when the body is not a form, too large or carries files: the answer is then 400, not 500.
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const type = request.headers.get("Content-Type") ?? "";
  // Exactly the prefixes the parser streams with its caps: any other type (even the same in other
  // letter case) it would hand to the platform's own parser, which reads the whole body first.
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return new FormData();
  }
  if (declared > maxBytes) return new FormData();
  try {
    return await parseFormData(request, { maxFiles: 0, maxFileSize: maxBytes, maxTotalSize: maxBytes });
  } catch {
    // Too large, malformed, or text that is not UTF-8: all the same to the form, which asks again.
    return new FormData();
  }
}

/** The outcome of parsing a form: the input, or a message per field; both keep what was typed. */
export type Parsed<T> =
  | { ok: true; data: T; values: Record<string, string>; lists: Record<string, string[]> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string>; lists: Record<string, string[]> };

/**
 * Parses the fields `schema` names, each missing one read as "" so a hand-made request gets the same
 * messages as a blank form. Browsers submit a textarea's line breaks as CRLF while its maxLength and
 * live counters count one character: normalised to LF, text that fitted in the box fits the limit.
 * Fields named in `lists` (checkbox groups) are read with all their values; a field named in `rows` is an
 * array of rows zipped from its row fields (kept in `lists` under their own names), its messages keyed
 * `<field>.<row>.<key>`. On failure keeps the first message for each field and everything typed.
 */
export function parseForm<S extends z.ZodObject>(
  formData: FormData,
  schema: S,
  { lists: listFields = [], rows: rowGroups = {} }: { lists?: string[]; rows?: Record<string, RowFields> } = {},
): Parsed<z.infer<S>> {
  const values: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const rows: Record<string, Record<string, string>[]> = {};
  const texts = (field: string) =>
    formData.getAll(field).flatMap((value) => (typeof value === "string" ? [value.replace(/\r\n?/g, "\n")] : []));
  for (const field of Object.keys(schema.shape)) {
    if (listFields.includes(field)) {
      lists[field] = texts(field);
      continue;
    }
    const group = rowGroups[field];
    if (group) {
      rows[field] = zipRows(group, (name) => (lists[name] = texts(name)));
      continue;
    }
    const value = formData.get(field);
    values[field] = typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  }
  const result = schema.safeParse({ ...values, ...lists, ...rows });
  if (result.success) return { ok: true, data: result.data, values, lists };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [field = "form", row, key] = issue.path.map(String);
    errors[rowGroups[field] && row !== undefined && key !== undefined ? `${field}.${row}.${key}` : field] ??=
      issue.message;
  }
  return { ok: false, errors, values, lists };
}

/** Rows from parallel lists: as many as the longest list, a missing value read as "". */
function zipRows(group: RowFields, read: (name: string) => string[]): Record<string, string>[] {
  const columns = Object.entries(group).map(([key, name]) => [key, read(name)] as const);
  const count = Math.max(0, ...columns.map(([, column]) => column.length));
  return Array.from({ length: count }, (_, row) =>
    Object.fromEntries(columns.map(([key, column]) => [key, column[row] ?? ""])),
  );
}
