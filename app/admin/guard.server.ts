// The one admin guard. Every admin loader and action calls requireAdmin first, before it reads
// anything else; public pages that merely look different for the admin read isAdmin instead.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getMultipartBoundary, parseMultipartStream } from "@remix-run/multipart-parser";
import type { AdminSession } from "~/admin/schema";
import { currentSession } from "~/admin/session.server";
import { signIn } from "~/admin/sign-in.server";
import { formFailure } from "~/forms/result.server";
import { keptFrom } from "~/forms/result";

export const NOT_SIGNED_IN = "You are not signed in. Please sign in on the dashboard and try again.";

/** The spec's Passkey field on admin forms; forms send it before any other field. */
export const PASSKEY_FIELD = "passkey";
// How much of a body is read for the Passkey field before a visitor without a session is refused.
const PASSKEY_PEEK_BYTES = 64 * 1024;

export type AdminAccess =
  /**
   * `session` is the one the request came with; `headers` carry the new session cookie when the
   * Passkey field signed the admin in instead.
   */
  | { signedIn: true; session?: AdminSession; headers?: HeadersInit; refusal?: undefined }
  /** What an action answers (401, or 429 after too many attempts); a loader shows its sign-in form instead. */
  | { signedIn: false; refusal: ReturnType<typeof formFailure> };

/**
 * Admits the admin. A request with an admin session passes without its body being touched. Without
 * one, an admin form that carries the spec's Passkey field (`wrongPasskey` is its message for a wrong
 * one, or a function of the text fields that came before the first file) passes with the right
 * passkey, which also signs in. The field is read from a copy of the first 64 KB of the body, so the
 * action still reads the whole body itself and nothing larger is read for a visitor. Everything else
 * is refused.
 */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
  { wrongPasskey }: { wrongPasskey?: string | ((fields: FormData) => string) } = {},
): Promise<AdminAccess> {
  const session = await currentSession(request, context);
  if (session) return { signedIn: true, session };
  // What was typed comes back with the refusal (never the passkey), so nothing is lost; a typed
  // passkey that is refused is told next to its field, anything else for the whole form.
  const refuse = (status: 401 | 403 | 429, message: string, fields = new FormData()) => {
    const typed = typeof fields.get(PASSKEY_FIELD) === "string" && fields.get(PASSKEY_FIELD) !== "";
    const where = typed ? { errors: { [PASSKEY_FIELD]: message } } : { formError: message };
    return { signedIn: false as const, refusal: formFailure(status, { kept: keptFrom(fields), ...where }) };
  };
  if (wrongPasskey === undefined || request.method === "GET" || request.method === "HEAD") {
    return refuse(401, NOT_SIGNED_IN);
  }
  const fields = await peekFields(request);
  const passkey = fields.get(PASSKEY_FIELD);
  if (typeof passkey !== "string" || passkey === "") return refuse(401, NOT_SIGNED_IN, fields);
  const attempt = await signIn(request, context, passkey);
  if (attempt.signedIn) return { signedIn: true, headers: attempt.headers };
  if (attempt.status !== 401) return refuse(attempt.status, attempt.message, fields);
  return refuse(401, typeof wrongPasskey === "string" ? wrongPasskey : wrongPasskey(fields), fields);
}

/** The text fields in a copy of the first bytes of the body, up to the first file. */
async function peekFields(request: Request): Promise<FormData> {
  const fields = new FormData();
  const copy = request.clone();
  if (!copy.body) return fields;
  // The copy shares the body with the original: once it stops reading, it must be cancelled, or every
  // byte the action reads afterwards would be kept for it as well.
  const reader = copy.body.getReader();
  const prefix = firstBytes(reader, PASSKEY_PEEK_BYTES);
  try {
    const boundary = getMultipartBoundary(copy.headers.get("Content-Type") ?? "");
    if (boundary) {
      // A truncated body ends in a parse error; the parts before it have been seen by then.
      for await (const part of parseMultipartStream(prefix, { boundary, maxFileSize: PASSKEY_PEEK_BYTES })) {
        if (part.isFile) break;
        if (part.name) fields.append(part.name, part.text);
      }
    } else {
      for (const [name, value] of new URLSearchParams(await new Response(prefix).text())) fields.append(name, value);
    }
  } catch {
    // What was seen before the cut is all there is.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return fields;
}

/**
 * A stream of at most `max` bytes from `reader`. It reads only when asked (no queue filled ahead), so
 * once its consumer stops, no read is left waiting when the source is cancelled.
 */
function firstBytes(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = sent < max ? await reader.read() : { done: true, value: undefined };
        if (done || !value) return controller.close();
        const chunk = value.subarray(0, max - sent);
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
}
