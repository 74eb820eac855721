// The visitors' forms meeting Turnstile, as whole requests through the Worker with Cloudflare's test
// keys configured: the page shows the widget, and the server lets a submission through only when
// siteverify (faked at the HTTP boundary, tests/support/turnstile.ts) accepts its token.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { CHALLENGE_FAILED } from "~/forms/spam.server";
import { fetchWithEnv } from "./faults-helpers";
import { makeArtwork } from "./helpers";
import { upsertArtworks } from "~/artworks/queries.server";
import { db } from "~/platform/db.server";
import { freshClientIp } from "../support/addresses";
import { fakeSiteverify, TURNSTILE_TEST } from "../support/turnstile";

const passing = { TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKeyPasses, TURNSTILE_SECRET_KEY: TURNSTILE_TEST.secretPasses };
const failing = { ...passing, TURNSTILE_SECRET_KEY: TURNSTILE_TEST.secretFails };

type Form = { name: string; path: string; fields: Record<string, string>; stored: string; success: string };

const FORMS: Form[] = [
  {
    name: "contact",
    path: "/contact",
    fields: { name: "Ann Smith", email: "ann@example.com", message: "Do you paint dogs? (turnstile)" },
    stored: "select count(*) as n from messages where message = 'Do you paint dogs? (turnstile)'",
    success: "Message sent successfully!",
  },
  {
    name: "enquiry",
    path: "/post/ts-harbour?enquire=1",
    fields: {
      name: "Ann Smith",
      email: "ann@example.com",
      address: "1 Park Lane",
      message: "Still for sale? (turnstile)",
    },
    stored: "select count(*) as n from messages where message = 'Still for sale? (turnstile)'",
    success: "Enquiry Sent!",
  },
  {
    name: "testimonial",
    path: "/testimonials/add",
    fields: { author: "Ann Smith", message: "Lovely painting (turnstile)" },
    stored: "select count(*) as n from testimonials where message = 'Lovely painting (turnstile)'",
    success: "Thank You!",
  },
];

async function post(config: Record<string, string>, path: string, fields: Record<string, string>, ip: string) {
  const { response } = await fetchWithEnv(config as Partial<Env>, path, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

const stored = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("Turnstile configured with Cloudflare's test keys", () => {
  it("each form's page carries the site key for the widget", async () => {
    await upsertArtworks(db(env), [makeArtwork({ id: "ts-harbour" })]);
    for (const form of FORMS) {
      const { response } = await fetchWithEnv(passing as Partial<Env>, form.path.replace("?enquire=1", ""));
      const html = await response.text();
      expect(html, form.name).toContain(TURNSTILE_TEST.siteKeyPasses);
      expect(response.headers.get("Content-Security-Policy"), form.name).toContain("https://challenges.cloudflare.com");
    }
  });

  for (const form of FORMS) {
    it(`${form.name}: the widget's token passes, no token or a refused one is turned away with what was typed`, async () => {
      await upsertArtworks(db(env), [makeArtwork({ id: "ts-harbour" })]);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const siteverify = fakeSiteverify();

      // Without a token: refused before siteverify is asked, nothing stored, what was typed shown again.
      const ip = freshClientIp();
      const bare = await post(passing, form.path, form.fields, ip);
      expect(bare.status, bare.html.slice(bare.html.indexOf("<main"), bare.html.indexOf("<main") + 3000)).toBe(400);
      expect(bare.html).toContain(CHALLENGE_FAILED);
      expect(bare.html).toContain(form.fields.message!.replace("'", "&#x27;"));
      expect(siteverify.received).toHaveLength(0);

      // The always-fail secret refuses the widget's token.
      const withToken = { ...form.fields, "cf-turnstile-response": TURNSTILE_TEST.dummyToken };
      const refused = await post(failing, form.path, withToken, ip);
      expect(refused.status).toBe(400);
      expect(refused.html).toContain(CHALLENGE_FAILED);
      expect(await stored(form.stored)).toBe(0);

      // The always-pass secret accepts it: stored, and siteverify got exactly the token, secret and address.
      const accepted = await post(passing, form.path, withToken, ip);
      expect(accepted.status).toBe(200);
      expect(accepted.html).toContain(form.success);
      expect(await stored(form.stored)).toBe(1);
      expect(siteverify.received).toEqual([
        { secret: TURNSTILE_TEST.secretFails, response: TURNSTILE_TEST.dummyToken, remoteip: ip },
        { secret: TURNSTILE_TEST.secretPasses, response: TURNSTILE_TEST.dummyToken, remoteip: ip },
      ]);
    });
  }
});
