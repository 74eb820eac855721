// Reading a submitted form within a size cap, and parsing its fields with a zod schema.
import { parseFormData } from "@remix-run/form-data-parser";
import type { z } from "zod";
import { FORM_MAX_BYTES } from "~/forms/limits";

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
 * Fields named in `lists` (checkbox groups) are read with all their values. On failure keeps the first
 * message for each field and everything typed.
 */
export function parseForm<S extends z.ZodObject>(
  formData: FormData,
  schema: S,
  { lists: listFields = [] }: { lists?: string[] } = {},
): Parsed<z.infer<S>> {
  const values: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const field of Object.keys(schema.shape)) {
    if (listFields.includes(field)) {
      lists[field] = formData.getAll(field).filter((value): value is string => typeof value === "string");
      continue;
    }
    const value = formData.get(field);
    values[field] = typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  }
  const result = schema.safeParse({ ...values, ...lists });
  if (result.success) return { ok: true, data: result.data, values, lists };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values, lists };
}
