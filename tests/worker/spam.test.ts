import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { getAppEnv, TURNSTILE_VERIFY_URL } from "~/platform/env.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { CHALLENGE_FAILED, screenSubmission, TOO_MANY_SUBMISSIONS } from "~/forms/spam.server";
import { postForm } from "./admin-helpers";
import { fetchApp, makeArtwork } from "./helpers";
import { http, HttpResponse, outbound } from "../support/outbound";
import { fakeSiteverify, TURNSTILE_TEST } from "../support/turnstile";
import { freshClientIp, withinOneLimiterMinute } from "../support/addresses";

const count = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await upsertArtworks(db(env), [makeArtwork({ id: "spam-post" })]);
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
    const { statuses, before, limited } = await withinOneLimiterMinute(async (address) => {
      const ip = { "CF-Connecting-IP": address };
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const form = { name: `Ann ${i}`, email: "ann@example.com", message: "Hi" };
        statuses.push((await postForm("/contact", form, ip)).status);
      }
      const before = await count("messages");
      const limited = await postForm(
        "/testimonials/add",
        { author: "Ann", message: "My eleventh message, kept for me" },
        ip,
      );
      return { statuses, before, limited };
    });
    expect(statuses).toEqual(Array(10).fill(200));
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
        "CF-Connecting-IP": freshClientIp(),
      },
    );
    expect(other.status).toBe(200);
  });
});

describe("Turnstile, when configured", () => {
  // Cloudflare's documented test keys; siteverify itself is the shared fake (tests/support/turnstile.ts).
  const contextWith = (secret: string) =>
    ({
      cloudflare: { env },
      env: { ...getAppEnv(env), TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKeyPasses, TURNSTILE_SECRET_KEY: secret },
    }) as unknown as AppLoadContext;
  const VISITOR = freshClientIp();
  const request = () => new Request("http://localhost/contact", { headers: { "CF-Connecting-IP": VISITOR } });
  const form = (token?: string) => {
    const data = new FormData();
    if (token !== undefined) data.set("cf-turnstile-response", token);
    return data;
  };

  it("lets a submission through when siteverify accepts the token, having sent it the secret, token and address", async () => {
    const siteverify = fakeSiteverify();
    const passes = contextWith(TURNSTILE_TEST.secretPasses);
    expect(await screenSubmission(request(), passes, form(TURNSTILE_TEST.dummyToken), "contact")).toBeNull();
    expect(siteverify.received).toEqual([
      { secret: TURNSTILE_TEST.secretPasses, response: TURNSTILE_TEST.dummyToken, remoteip: VISITOR },
    ]);
  });

  it("refuses when siteverify rejects the token, when there is no token, and when siteverify is unreachable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = { status: 400, message: CHALLENGE_FAILED };
    const siteverify = fakeSiteverify();
    const fails = contextWith(TURNSTILE_TEST.secretFails);
    expect(await screenSubmission(request(), fails, form(TURNSTILE_TEST.dummyToken), "contact")).toEqual(refused);
    expect(siteverify.received).toHaveLength(1);
    // Without a token, siteverify is not even asked.
    const passes = contextWith(TURNSTILE_TEST.secretPasses);
    expect(await screenSubmission(request(), passes, form(), "contact")).toEqual(refused);
    expect(siteverify.received).toHaveLength(1);
    outbound.use(http.post(TURNSTILE_VERIFY_URL, () => HttpResponse.error()));
    expect(await screenSubmission(request(), passes, form(TURNSTILE_TEST.dummyToken), "contact")).toEqual(refused);
  });

  it("with a real secret, refuses a token solved on another site or for another form", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // Siteverify as it answers a real secret: where the challenge was solved, and for which action.
    let solved = { hostname: "art.example", action: "contact" };
    outbound.use(
      http.post(TURNSTILE_VERIFY_URL, () => HttpResponse.json({ success: true, "error-codes": [], ...solved })),
    );
    const real = contextWith("0x4AAAAAAAreal-secret-of-this-site");
    const check = () => screenSubmission(request(), real, form("a-real-token"), "contact");
    expect(await check()).toBeNull();
    solved = { hostname: "evil.example", action: "contact" };
    expect(await check()).toEqual({ status: 400, message: CHALLENGE_FAILED });
    solved = { hostname: "art.example", action: "testimonial" };
    expect(await check()).toEqual({ status: 400, message: CHALLENGE_FAILED });
  });
});
