// Cloudflare Turnstile's siteverify at the HTTP boundary (through the one outbound fake), answering as
// Cloudflare documents for its test keys: the test site keys give the browser the dummy token, the
// always-pass secret accepts only that token, the always-fail secret refuses every token, and any other
// secret is invalid. Each request is recorded as the form fields siteverify received.
import { TURNSTILE_VERIFY_URL } from "../../app/forms/spam.server";
import { http, outbound } from "./outbound";

/** Cloudflare's documented test keys (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). */
export const TURNSTILE_TEST = {
  siteKeyPasses: "1x00000000000000000000AA",
  secretPasses: "1x0000000000000000000000000000000AA",
  secretFails: "2x0000000000000000000000000000000AA",
  /** What the widget puts in `cf-turnstile-response` with a test site key. */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

export function fakeSiteverify() {
  const received: Array<Record<string, string>> = [];
  outbound.use(
    http.post(TURNSTILE_VERIFY_URL, async ({ request }) => {
      const fields = Object.fromEntries(new URLSearchParams(await request.text()));
      received.push(fields);
      const refuse = (code: string) => Response.json({ success: false, "error-codes": [code] });
      if (fields.secret === TURNSTILE_TEST.secretFails) return refuse("invalid-input-response");
      if (fields.secret !== TURNSTILE_TEST.secretPasses) return refuse("invalid-input-secret");
      if (fields.response !== TURNSTILE_TEST.dummyToken) return refuse("invalid-input-response");
      return Response.json({ success: true, "error-codes": [], hostname: "example.com" });
    }),
  );
  return { received };
}
