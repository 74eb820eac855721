// Every form action answers through these two functions, so every form reads one shape. They answer
// plain JSON Responses: Remix hands their body to the page as its action data, and the uploads that
// show their progress (app/images/upload-answer.server.ts) pass them on as they are.
import type { FormFailure, FormSuccess, Kept } from "~/forms/result";

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
  return Response.json(failure, { status, headers });
}

/** Accepts a form whose page stays where it is; a form that moves on answers with a redirect instead. */
export function formSuccess(notice?: string, headers?: HeadersInit) {
  const success: FormSuccess = notice ? { ok: true, notice } : { ok: true };
  return Response.json(success, { headers });
}

/**
 * Draws a form again as it was sent, with a change its own button asked for (an option row added or moved
 * without JavaScript): nothing is saved, everything typed is kept.
 */
export function formRedrawn(kept: Kept, headers?: HeadersInit) {
  const again: FormFailure = {
    ok: false,
    errors: {},
    values: kept.values,
    ...(kept.lists ? { lists: kept.lists } : {}),
  };
  return Response.json(again, { headers });
}

/** A refusal a form's rules name: said on its field, or for the whole form (`field` "form"), with what was typed kept. */
export type FieldRefusal = { status: FailureStatus; field: string; message: string };

export function formRefused({ status, field, message }: FieldRefusal, kept: Kept) {
  return formFailure(status, field === "form" ? { kept, formError: message } : { kept, errors: { [field]: message } });
}
