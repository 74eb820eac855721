import type { z } from "zod";

/** What an action returns when input is rejected: one message per field and everything the visitor typed. */
export type FormFailure = {
  ok: false;
  errors: Record<string, string>;
  values: Record<string, string>;
  formError?: string;
};

export type FormResult<T> = { ok: true; data: T; values: Record<string, string> } | FormFailure;

/** The text fields of a submission, so a rejected form can be shown again exactly as typed. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}

/** Parses a submission with `schema`; on failure keeps the first message for each field. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): FormResult<z.infer<S>> {
  const values = formValues(formData);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}
