// Bodies are capped at the Worker's door, before anything reads them: a declared length over the
// route's cap is refused with 413 at once, and a body without a length is cut at the cap (413 too).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertArtworks } from "~/artworks/queries.server";
import { db } from "~/platform/db.server";
import { signIn } from "./admin-helpers";
import { TOO_LARGE } from "~/platform/body-cap.server";
import { BEACON_MAX_BYTES } from "~/analytics/limits";
import { FORM_MAX_BYTES, PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import { bodyCap as STRIPE_EVENT_MAX_BYTES } from "~/routes/api.stripe-webhook";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { fetchApp, makeArtwork, ORIGIN } from "./helpers";
import { fetchWithEnv } from "./faults-helpers";
import { STRIPE_ENV } from "../support/stripe";
import { freshClientIp } from "../support/addresses";
import { snapshotStorage } from "./storage-snapshot";

const CHUNK = 8 * 1024;

/** A form body of `size` bytes made as it is read, counting what the Worker pulled. */
function streamedForm(size: number) {
  const read = { bytes: 0 };
  const chunk = new TextEncoder().encode("message=" + "x".repeat(CHUNK - 8));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= size) return controller.close();
      const part = chunk.subarray(0, Math.min(CHUNK, size - read.bytes));
      read.bytes += part.length;
      controller.enqueue(part);
    },
  });
  return { body, read };
}

/** POSTs `body` to `path` with the app's env, plus `overrides` (a route that only answers when configured). */
async function post(
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
  overrides: Partial<Env> = {},
) {
  const { response } = await fetchWithEnv(overrides, path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: ORIGIN,
      "CF-Connecting-IP": freshClientIp(),
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
  return response;
}

const ROUTES: Array<[string, number, Partial<Env>?]> = [
  ["/contact", PUBLIC_FORM_MAX_BYTES],
  ["/testimonials/add", PUBLIC_FORM_MAX_BYTES],
  ["/post/capped-artwork", PUBLIC_FORM_MAX_BYTES],
  ["/dashboard", FORM_MAX_BYTES],
  ["/create-event", UPLOAD_MAX_BYTES],
  ["/api/event", BEACON_MAX_BYTES],
  ["/api/stripe-webhook", STRIPE_EVENT_MAX_BYTES, STRIPE_ENV],
  ["/createPost", UPLOAD_MAX_BYTES],
  // The same actions reached by other spellings of their paths, which Remix's matcher accepts.
  ["/CONTACT", PUBLIC_FORM_MAX_BYTES],
  ["/contact/", PUBLIC_FORM_MAX_BYTES],
  ["/api/%65vent", BEACON_MAX_BYTES],
  ["/post/capped-artwork.data", PUBLIC_FORM_MAX_BYTES],
];

let cookie: string;
beforeAll(async () => {
  await upsertArtworks(db(env), [makeArtwork({ id: "capped-artwork" })]);
  cookie = await signIn();
});

describe("body caps", () => {
  it.each(ROUTES)(
    "%s: a declared length over %i bytes is answered 413 before a byte is read",
    async (path, cap, overrides) => {
      const before = await snapshotStorage();
      // At least 256 KB, so that reading it would show even where the cap is smaller than the slack.
      const size = Math.max(cap + 1, 256 * 1024);
      const { body, read } = streamedForm(size);
      const response = await post(path, body, { "Content-Length": String(size) }, overrides);
      expect(response.status).toBe(413);
      expect(await response.text()).toContain(TOO_LARGE);
      expect(read.bytes).toBeLessThanOrEqual(4 * CHUNK);
      expect(await snapshotStorage()).toBe(before);
    },
  );

  it.each(ROUTES.filter(([, cap]) => cap < UPLOAD_MAX_BYTES))(
    "%s: a body without a length is cut at %i bytes and answered 413, storing nothing",
    async (path, cap, overrides) => {
      const before = await snapshotStorage();
      const { body, read } = streamedForm(cap * 4);
      // As the admin, so that the admin forms read their body too.
      const response = await post(path, body, { Cookie: cookie }, overrides);
      expect(response.status).toBe(413);
      expect(read.bytes).toBeLessThanOrEqual(cap + 4 * CHUNK);
      expect(await snapshotStorage()).toBe(before);
    },
  );

  it("POST /CONTACT/ with 200 KB, over the contact form's 128 KB but under the 256 KB default, is answered 413", async () => {
    const size = 200 * 1024;
    const { body, read } = streamedForm(size);
    const response = await post("/CONTACT/", body, { "Content-Length": String(size) });
    expect(response.status).toBe(413);
    expect(read.bytes).toBeLessThanOrEqual(4 * CHUNK);
  });

  it("lets a body within the cap through", async () => {
    const response = await fetchApp("/contact", {
      method: "POST",
      headers: { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp() },
      body: new URLSearchParams({ name: "Cap", email: "cap@example.com", message: "x".repeat(5000) }),
    });
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("select count(*) as n from messages where email = 'cap@example.com'").first()).toEqual({
      n: 1,
    });
  });
});
