import type { z } from "zod";

/** What an action returns when input is rejected: one message per field and everything the visitor typed. */
export type FormFailure = {
  ok: false;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** What was ticked in fields that carry several values (checkbox groups). */
  lists?: Record<string, string[]>;
  formError?: string;
};

export type FormResult<T> =
  { ok: true; data: T; values: Record<string, string>; lists: Record<string, string[]> } | FormFailure;

/**
 * The rejection to answer with: the parse result's messages and values, plus messages from checks
 * made outside the schema (undefined ones are dropped) and an optional message for the whole form.
 */
export function formFailure(
  result: FormResult<unknown>,
  more: Record<string, string | undefined> = {},
  formError?: string,
): FormFailure {
  const errors = result.ok ? {} : { ...result.errors };
  for (const [field, message] of Object.entries(more)) if (message) errors[field] ??= message;
  return { ok: false, errors, values: result.values, lists: result.lists, ...(formError ? { formError } : {}) };
}

/** The submitted form, or an empty one when the body is not a form at all (so the answer is 400, not 500). */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

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
): FormResult<z.infer<S>> {
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
