import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getAppEnv } from "~/platform/env.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { CHALLENGE_FAILED, screenSubmission, TOO_MANY_SUBMISSIONS, TURNSTILE_VERIFY_URL } from "~/forms/spam.server";
import { postForm } from "./admin-helpers";
import { fetchApp, makePost } from "./helpers";
import { http, HttpResponse, outbound } from "../support/outbound";

const count = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await upsertArtworks(db(env), [makePost({ id: "spam-post" })]);
});

const FORMS: Array<{ path: string; table: string; body: Record<string, string> }> = [
  { path: "/contact", table: "messages", body: { name: "Bot", email: "bot@example.com", message: "Cheap pills" } },
  { path: "/testimonials/add", table: "testimonials", body: { author: "Bot", message: "Great!!!" } },
  {
    path: "/post/spam-post",
    table: "messages",
    body: { name: "Bot", email: "bot@example.com", address: "Nowhere", message: "Buy now" },
  },
];

describe("the honeypot", () => {
  for (const { path, table, body } of FORMS) {
    it(`${path}: a filled honeypot gets an ordinary success and stores nothing`, async () => {
      const before = await count(table);
      const response = await postForm(path, { ...body, website: "https://spam.example" });
      expect(response.status).toBe(200);
      expect(await count(table)).toBe(before);
    });
  }

  it("the field is on every public form, hidden from people and assistive technology", async () => {
    for (const path of ["/contact", "/testimonials/add", "/post/spam-post?enquire=1"]) {
      const html = await (await fetchApp(path)).text();
      expect(html).toMatch(/<div class="honeypot" aria-hidden="true">.*name="website" tabindex="-1"/s);
    }
  });
});

describe("the per-IP limit on public forms", () => {
  it("after 10 submissions a minute, answers 429 with a clear message, keeps the text and stores nothing", async () => {
    const ip = { "CF-Connecting-IP": "192.0.2.77" };
    for (let i = 0; i < 10; i++) {
      const response = await postForm("/contact", { name: `Ann ${i}`, email: "ann@example.com", message: "Hi" }, ip);
      expect(response.status).toBe(200);
    }
    const before = await count("messages");
    const limited = await postForm(
      "/testimonials/add",
      { author: "Ann", message: "My eleventh message, kept for me" },
      ip,
    );
    expect(limited.status).toBe(429);
    const html = await limited.text();
    expect(html).toContain(TOO_MANY_SUBMISSIONS);
    expect(html).toContain("My eleventh message, kept for me");
    expect(await count("messages")).toBe(before);

    // Another visitor is not affected.
    const other = await postForm(
      "/contact",
      { name: "Ben", email: "ben@example.com", message: "Hi" },
      {
        "CF-Connecting-IP": "192.0.2.78",
      },
    );
    expect(other.status).toBe(200);
  });
});

describe("Turnstile, when configured", () => {
  // Cloudflare's documented test secret that always fails; siteverify itself is faked here.
  const context = {
    cloudflare: { env },
    env: {
      ...getAppEnv(env),
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "2x0000000000000000000000000000000AA",
    },
  } as unknown as AppLoadContext;
  const request = () => new Request("http://localhost/contact", { headers: { "CF-Connecting-IP": "192.0.2.90" } });
  const form = (token?: string) => {
    const data = new FormData();
    if (token !== undefined) data.set("cf-turnstile-response", token);
    return data;
  };
  /** Turnstile's siteverify at the HTTP boundary: checks the exact request and answers `success`. */
  const siteverify = (success: boolean) =>
    outbound.use(
      http.post(TURNSTILE_VERIFY_URL, async ({ request }) => {
        const verify = request;
        expect(verify.url).toBe(TURNSTILE_VERIFY_URL);
        expect(verify.method).toBe("POST");
        const body = new URLSearchParams(await verify.text());
        expect(Object.fromEntries(body)).toEqual({
          secret: "2x0000000000000000000000000000000AA",
          response: "token-from-widget",
          remoteip: "192.0.2.90",
        });
        return Response.json({ success, "error-codes": success ? [] : ["invalid-input-response"] });
      }),
    );

  it("lets a submission through when siteverify accepts the token", async () => {
    siteverify(true);
    expect(await screenSubmission(request(), context, form("token-from-widget"))).toBeNull();
    expect(outbound.requests()).toHaveLength(1);
  });

  it("refuses when siteverify rejects the token, when there is no token, and when siteverify is unreachable", async () => {
    const refused = { status: 400, message: CHALLENGE_FAILED };
    siteverify(false);
    expect(await screenSubmission(request(), context, form("token-from-widget"))).toEqual(refused);
    expect(outbound.requests()).toHaveLength(1);
    // Without a token, siteverify is not even asked.
    expect(await screenSubmission(request(), context, form())).toEqual(refused);
    expect(outbound.requests()).toHaveLength(1);
    outbound.use(http.post(TURNSTILE_VERIFY_URL, () => HttpResponse.error()));
    expect(await screenSubmission(request(), context, form("token-from-widget"))).toEqual(refused);
  });
});
