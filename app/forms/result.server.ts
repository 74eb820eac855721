// Every form action answers through these two functions, so every form reads one shape.
import { data } from "@remix-run/cloudflare";
import type { FormFailure, FormSuccess } from "~/forms/result";

/** What was typed: a parse result of ~/forms/parse.server (its field errors come along) or plain values. */
type Kept = { values: Record<string, string>; lists?: Record<string, string[]>; errors?: Record<string, string> };

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/**
 * Refuses a form: `status`, the kept input with its field errors, more field messages found outside
 * the schema (undefined ones are dropped) and a message for the whole form.
 */
export function formFailure(
  status: FailureStatus,
  {
    kept,
    errors: more = {},
    formError,
    headers,
  }: { kept?: Kept; errors?: Record<string, string | undefined>; formError?: string; headers?: HeadersInit } = {},
) {
  const errors: Record<string, string> = { ...kept?.errors };
  for (const [field, message] of Object.entries(more)) if (message) errors[field] ??= message;
  const failure: FormFailure = {
    ok: false,
    errors,
    values: kept?.values ?? {},
    ...(kept?.lists ? { lists: kept.lists } : {}),
    ...(formError ? { formError } : {}),
  };
  return data(failure, { status, headers });
}

/** Accepts a form whose page stays where it is; a form that moves on answers with a redirect instead. */
export function formSuccess(notice?: string, headers?: HeadersInit) {
  const success: FormSuccess = notice ? { ok: true, notice } : { ok: true };
  return data(success, { headers });
}

/**
 * What was typed into a form read only in part (an upload refused half-way, a refused sign-in), to show
 * it again; never the passkey.
 */
export function keptFrom(fields: FormData): Kept {
  // Field names come from the request: a part named "__proto__" must land in its own entry, not the prototype.
  const values: Record<string, string> = Object.create(null);
  const lists: Record<string, string[]> = Object.create(null);
  for (const [name, value] of fields) {
    if (name === "passkey" || typeof value !== "string") continue;
    values[name] ??= value;
    (lists[name] ??= []).push(value);
  }
  return { values, lists };
}
