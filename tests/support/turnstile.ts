// Cloudflare Turnstile's siteverify at the HTTP boundary (through the one outbound fake in worker tests,
// as a local server in the browser tests: tests/e2e/siteverify.ts), answering as Cloudflare documents
// for its test keys: the test site keys give the browser the dummy token, the
// always-pass secret accepts only that token, the always-fail secret refuses every token, and any other
// secret is invalid. Each request is recorded as the form fields siteverify received.
import { TURNSTILE_VERIFY_URL } from "../../app/platform/env.server";
import { http, outbound } from "./outbound";

/** Cloudflare's documented test keys (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). */
export const TURNSTILE_TEST = {
  siteKeyPasses: "1x00000000000000000000AA",
  secretPasses: "1x0000000000000000000000000000000AA",
  secretFails: "2x0000000000000000000000000000000AA",
  /** What the widget puts in `cf-turnstile-response` with a test site key. */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

/** Siteverify's answer to the form fields it was posted, as Cloudflare documents it for the test keys. */
export function siteverifyAnswer(fields: Record<string, string>): { success: boolean; "error-codes": string[] } {
  const refuse = (code: string) => ({ success: false, "error-codes": [code] });
  if (fields.secret === TURNSTILE_TEST.secretFails) return refuse("invalid-input-response");
  if (fields.secret !== TURNSTILE_TEST.secretPasses) return refuse("invalid-input-secret");
  if (fields.response !== TURNSTILE_TEST.dummyToken) return refuse("invalid-input-response");
  return { success: true, "error-codes": [] };
}

/** Siteverify for worker tests, through the one outbound fake. */
export function fakeSiteverify() {
  const received: Array<Record<string, string>> = [];
  outbound.use(
    http.post(TURNSTILE_VERIFY_URL, async ({ request }) => {
      const fields = Object.fromEntries(new URLSearchParams(await request.text()));
      received.push(fields);
      return Response.json(siteverifyAnswer(fields));
    }),
  );
  return { received };
}
