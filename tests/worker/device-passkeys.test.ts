// Device passkeys, both ceremonies end to end through the Worker, with a software authenticator
// (tests/support/webauthn.ts) standing in for the phone. The site's SITE_URL here is https://art.example:
// that is the origin and RP ID a genuine device passkey answers for.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeMailChannels } from "../support/mailchannels";
import { fetchWithEnv } from "./faults-helpers";
import { Browser } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";
import { TestAuthenticator, type Ceremony } from "../support/webauthn";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { newChallenge, spendChallenge, verifyChallenge } from "~/admin/device-passkey-challenges.server";
import { db } from "~/platform/db.server";

/** What each request left running after its response (the e-mails it sends), to wait for. */
const after: Array<() => Promise<void>> = [];
const send = (path: string, init: RequestInit) =>
  fetchWithEnv({}, path, init).then(({ response, settled }) => {
    after.push(settled);
    return response;
  });
/** Waits for every e-mail the requests so far started. */
const settled = async () => {
  for (const wait of after.splice(0)) await wait();
};
const SITE: Ceremony = { origin: "https://art.example", rpID: "art.example" };

let clock = Date.now();
/** Moves the simulated clock, which the Worker reads too. */
function setClock(at: number) {
  clock = at;
  vi.spyOn(Date, "now").mockImplementation(() => clock);
}
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  await env.DB.prepare("delete from device_passkeys").run();
  await env.DB.prepare("delete from admin_devices").run();
  await env.DB.prepare("delete from device_passkey_changes").run();
  await settled();
});

type Options = { options: { challenge: string } };

/** Asks for a challenge on one of the two endpoints. */
async function challenge(browser: Browser, path: "/api/device-passkeys" | "/api/device-passkey-sign-in") {
  const response = await browser.post(path, { intent: "options" });
  expect(response.status).toBe(200);
  return ((await response.json()) as Options).options.challenge;
}

/** The admin, signed in with the shared passkey, enrols `authenticator` as `name`. */
async function enrol(admin: Browser, authenticator: TestAuthenticator, name = "iPhone", ceremony = SITE) {
  const registration = await authenticator.register(await challenge(admin, "/api/device-passkeys"), ceremony);
  return admin.post("/api/device-passkeys", { intent: "add", name, response: JSON.stringify(registration) });
}

/** A signed-in admin with `authenticator` enrolled. */
async function adminWith(authenticator: TestAuthenticator): Promise<Browser> {
  const admin = new Browser(send);
  expect((await admin.signIn()).status).toBe(302);
  expect((await enrol(admin, authenticator)).status).toBe(200);
  return admin;
}

/** Signs `browser` in with `authenticator`, answering the challenge the site hands out (or `reuse`). */
async function signInWith(
  browser: Browser,
  authenticator: TestAuthenticator,
  { ceremony = SITE, reuse }: { ceremony?: Ceremony; reuse?: string } = {},
) {
  const asked = reuse ?? (await challenge(browser, "/api/device-passkey-sign-in"));
  const assertion = await authenticator.signIn(asked, ceremony);
  const response = await browser.post("/api/device-passkey-sign-in", {
    intent: "sign-in",
    response: JSON.stringify(assertion),
  });
  return { response, challenge: asked };
}

/** The names and dates on the Device passkeys page, item by item. */
async function passkeysListedTo(admin: Browser): Promise<string[]> {
  const html = await (await admin.get("/device-passkeys")).text();
  const section = html.slice(html.indexOf('aria-labelledby="device-passkeys-title"'));
  const list = section.slice(0, section.indexOf("</section>"));
  if (!list.includes("<ul")) return [];
  const items = list.slice(list.indexOf("<ul"), list.indexOf("</ul>"));
  return [...items.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map(([, item]) => item!.replace(/<[^>]+>/g, " "));
}

describe("enrolling a device passkey", () => {
  it("is listed by name, added but not used yet, and signs a new browser in", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const [listed] = await passkeysListedTo(admin);
    expect(listed).toContain("iPhone");
    expect(listed).toContain("Added");
    expect(listed).toContain("not used yet");

    const phone = new Browser(send);
    const { response } = await signInWith(phone, iphone);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true, next: "/dashboard" });
    expect(await phone.isSignedIn()).toBe(true);
    expect((await passkeysListedTo(admin))[0]).toContain("last used");
  });

  it("needs a signed-in admin", async () => {
    const stranger = new Browser(send);
    expect((await stranger.post("/api/device-passkeys", { intent: "options" })).status).toBe(401);
    expect((await stranger.get("/device-passkeys")).status).toBe(200);
    expect(await (await stranger.get("/device-passkeys")).text()).toContain("Admin Access");
  });

  it("refuses an answer to a challenge used before, one from another origin, or for another RP ID", async () => {
    const admin = new Browser(send);
    expect((await admin.signIn()).status).toBe(302);
    const used = await challenge(admin, "/api/device-passkeys");
    const first = await TestAuthenticator.create();
    const add = async (registration: object) =>
      admin.post("/api/device-passkeys", { intent: "add", name: "Laptop", response: JSON.stringify(registration) });
    expect((await add(await first.register(used, SITE))).status).toBe(200);
    const replay = await TestAuthenticator.create();
    expect((await add(await replay.register(used, SITE))).status).toBe(400);

    const evil = await TestAuthenticator.create();
    expect((await enrol(admin, evil, "Evil", { ...SITE, origin: "https://evil.example" })).status).toBe(400);
    expect((await enrol(admin, evil, "Evil", { ...SITE, rpID: "evil.example" })).status).toBe(400);
    expect((await passkeysListedTo(admin)).map((item) => item.trim().split(" ")[0])).toEqual(["Laptop"]);
  });

  it("refuses an answer after five minutes", async () => {
    const admin = new Browser(send);
    expect((await admin.signIn()).status).toBe(302);
    setClock(Date.now());
    const asked = await challenge(admin, "/api/device-passkeys");
    setClock(clock + 5 * 60_000 + 1000);
    // Signed in again just now: only the challenge is old.
    expect((await admin.signIn()).status).toBe(302);
    const late = await (await TestAuthenticator.create()).register(asked, SITE);
    const response = await admin.post("/api/device-passkeys", {
      intent: "add",
      name: "Late",
      response: JSON.stringify(late),
    });
    expect(response.status).toBe(400);
  });
});

describe("adding a device passkey needs a recent sign-in", () => {
  it("a session signed in more than 5 minutes ago must sign in again, which ends it and starts a fresh one", async () => {
    const admin = new Browser(send);
    expect((await admin.signIn()).status).toBe(302);
    setClock(Date.now());
    const asked = await challenge(admin, "/api/device-passkeys");
    setClock(clock + 5 * 60_000 + 1000);

    // Neither a challenge nor an answer to one asked for in time.
    const options = await admin.post("/api/device-passkeys", { intent: "options" });
    expect(options.status).toBe(403);
    expect(await options.json()).toMatchObject({ signInAgain: true, error: expect.stringContaining("sign in again") });
    const registration = await (await TestAuthenticator.create()).register(asked, SITE);
    const add = await admin.post("/api/device-passkeys", {
      intent: "add",
      name: "Stall",
      response: JSON.stringify(registration),
    });
    expect(add.status).toBe(403);
    expect(await passkeysListedTo(admin)).toEqual([]);

    // The page asks to sign in again instead of offering the form.
    const page = await (await admin.get("/device-passkeys")).text();
    expect(page).toContain("Adding a device passkey needs a sign-in within the last 5 minutes");
    expect(page).not.toContain('id="device-passkey-name"');
    expect(await admin.isSignedIn()).toBe(true);

    // A wrong passkey is told on the page, and signs nobody in afresh.
    const wrong = await admin.post("/device-passkeys", { intent: "login", passkey: "not-the-passkey" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Incorrect passkey. Please try again.");

    const stale = new Map(admin.cookies);
    const again = await admin.post("/device-passkeys", { intent: "login", passkey: env.ADMIN_PASSKEY });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/device-passkeys");
    expect(await (await admin.get("/device-passkeys")).text()).toContain('id="device-passkey-name"');
    expect((await enrol(admin, await TestAuthenticator.create(), "Laptop")).status).toBe(200);

    // The session it replaced has ended: a copy of its cookie is refused.
    const copy = new Browser(send);
    for (const [name, value] of stale) copy.cookies.set(name, value);
    expect(await copy.isSignedIn()).toBe(false);
  });

  it("signing in again with a device passkey will do", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    setClock(Date.now() + 6 * 60_000);
    expect((await admin.post("/api/device-passkeys", { intent: "options" })).status).toBe(403);
    expect(await (await admin.get("/device-passkeys")).text()).toContain("Sign in again with a device passkey");
    expect((await signInWith(admin, iphone)).response.status).toBe(200);
    expect((await enrol(admin, await TestAuthenticator.create(), "Laptop")).status).toBe(200);
  });
});

describe("each device passkey added or removed", () => {
  it("is e-mailed to the artist and listed on the Device passkeys page", async () => {
    const mail = fakeMailChannels();
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    await settled();
    expect(mail.calls).toHaveLength(1);
    const [added] = mail.calls.map((call) => call.body);
    expect(added!.personalizations[0]!.to).toEqual([{ email: "contact@example.com", name: expect.any(String) }]);
    expect(added!.subject).toBe('Device passkey added: "iPhone"');
    const text = added!.content[0].value;
    expect(text).toContain("Added: iPhone");
    expect(text).toMatch(/From: \S/);
    expect(text).toMatch(/When: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UK time\)/);
    expect(text).toContain("Device passkeys: https://art.example/device-passkeys");

    expect((await admin.post("/device-passkeys", { intent: "remove", id: iphone.id })).status).toBe(200);
    await settled();
    expect(mail.calls.map((call) => call.body.subject)).toEqual([
      'Device passkey added: "iPhone"',
      'Device passkey removed: "iPhone"',
    ]);
    const page = await (await admin.get("/device-passkeys")).text();
    const changes = page.slice(page.indexOf('id="device-passkey-changes-title"'));
    expect(changes.indexOf("Removed “iPhone”")).toBeGreaterThan(-1);
    // Newest first.
    expect(changes.indexOf("Added “iPhone”")).toBeGreaterThan(changes.indexOf("Removed “iPhone”"));
  });

  it("removed, ends the sessions it signed in; the others stay", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const phone = new Browser(send);
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
    expect(await phone.isSignedIn()).toBe(true);
    expect((await admin.post("/device-passkeys", { intent: "remove", id: iphone.id })).status).toBe(200);
    expect(await phone.isSignedIn()).toBe(false);
    expect(await admin.isSignedIn()).toBe(true);
  });
});

describe("Sign Out Everywhere", () => {
  it("keeps the device passkeys unless asked: they still sign in", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const done = await admin.post("/dashboard", { intent: "sign-out-everywhere" });
    expect(done.headers.get("Location")).toBe("/dashboard?notice=signed-out-everywhere");
    expect(await admin.isSignedIn()).toBe(false);
    expect((await signInWith(new Browser(send), iphone)).response.status).toBe(200);
  });

  it("with its box ticked, removes every device passkey too: an enrolled authenticator is refused from then on", async () => {
    const mail = fakeMailChannels();
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const laptop = await TestAuthenticator.create();
    expect((await enrol(admin, laptop, "Laptop")).status).toBe(200);
    const phone = new Browser(send);
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
    await settled();
    mail.calls.length = 0;

    const dashboard = await (await admin.get("/dashboard")).text();
    expect(dashboard).toContain("Also remove all 2 device passkeys");
    const done = await admin.post("/dashboard", { intent: "sign-out-everywhere", removeDevicePasskeys: "on" });
    expect(done.headers.get("Location")).toBe("/dashboard?notice=signed-out-everywhere-passkeys-removed");
    expect(await admin.isSignedIn()).toBe(false);
    expect(await phone.isSignedIn()).toBe(false);
    for (const authenticator of [iphone, laptop]) {
      const thief = new Browser(send);
      expect((await signInWith(thief, authenticator)).response.status).toBe(401);
      expect(await thief.isSignedIn()).toBe(false);
    }
    await settled();
    expect(mail.calls.map((call) => call.body.subject)).toEqual(["All 2 device passkeys removed"]);
    expect(
      await (await new Browser(send).get("/dashboard?notice=signed-out-everywhere-passkeys-removed")).text(),
    ).toContain("every device passkey removed");
  });
});

describe("signing in with a device passkey", () => {
  it("makes the browser a known device, listed under Signed-in Devices", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const phone = new Browser(send);
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
    expect(phone.cookies.has("device")).toBe(true);
    const dashboard = await (await admin.get("/dashboard")).text();
    expect(dashboard.match(/class="devices__item"/g)).toHaveLength(2);
  });

  it("refuses a challenge used before", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    const first = await signInWith(new Browser(send), iphone);
    expect(first.response.status).toBe(200);
    const replayer = new Browser(send);
    const again = await signInWith(replayer, iphone, { reuse: first.challenge });
    expect(again.response.status).toBe(401);
    expect(await replayer.isSignedIn()).toBe(false);
  });

  it("refuses a challenge older than five minutes", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    const phone = new Browser(send);
    setClock(Date.now());
    const asked = await challenge(phone, "/api/device-passkey-sign-in");
    setClock(clock + 5 * 60_000 + 1000);
    expect((await signInWith(phone, iphone, { reuse: asked })).response.status).toBe(401);
    expect(await phone.isSignedIn()).toBe(false);
  });

  it("refuses a registration challenge in a sign-in", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const asked = await challenge(admin, "/api/device-passkeys");
    expect((await signInWith(new Browser(send), iphone, { reuse: asked })).response.status).toBe(401);
  });

  it("refuses a signature made for another origin or another RP ID", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    const phone = new Browser(send);
    const otherOrigin = { ...SITE, origin: "https://evil.example" };
    expect((await signInWith(phone, iphone, { ceremony: otherOrigin })).response.status).toBe(401);
    expect((await signInWith(phone, iphone, { ceremony: { ...SITE, rpID: "evil.example" } })).response.status).toBe(
      401,
    );
    expect(await phone.isSignedIn()).toBe(false);
    // The same device, on the right site, still signs in.
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
  });

  it("refuses a counter that goes backwards, and logs it", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    iphone.counter = 10;
    expect((await signInWith(new Browser(send), iphone)).response.status).toBe(200);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    iphone.counter = 5;
    const clone = new Browser(send);
    expect((await signInWith(clone, iphone)).response.status).toBe(401);
    expect(await clone.isSignedIn()).toBe(false);
    expect(warn.mock.calls.flat().join(" ")).toMatch(/iPhone.*counter/);
  });

  it("refuses a device passkey that was never enrolled, or has been removed", async () => {
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    const stranger = await TestAuthenticator.create();
    expect((await signInWith(new Browser(send), stranger)).response.status).toBe(401);

    const removed = await admin.post("/device-passkeys", { intent: "remove", id: iphone.id });
    expect(removed.status).toBe(200);
    expect(await passkeysListedTo(admin)).toEqual([]);
    expect(await (await admin.get("/device-passkeys")).text()).toContain("No device passkeys yet.");
    const phone = new Browser(send);
    expect((await signInWith(phone, iphone)).response.status).toBe(401);
    expect(await phone.isSignedIn()).toBe(false);
  });

  it("is neither paused by nor counted against the budget of wrong shared passkeys", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    for (let i = 0; i < 20; i++)
      expect((await new Browser(send, freshClientIp()).signIn(`wrong-${i}`)).status).toBe(401);
    expect((await new Browser(send, freshClientIp()).signIn()).status).toBe(429);
    const phone = new Browser(send);
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
    expect(await phone.isSignedIn()).toBe(true);
  });
});

describe("the screens", () => {
  it("offer a device passkey first on the sign-in screen, with the shared Passkey field below and a note without JavaScript", async () => {
    const html = await (await new Browser(send).get("/dashboard")).text();
    const device = html.indexOf("Sign in with a device passkey");
    expect(device).toBeGreaterThan(-1);
    expect(device).toBeLessThan(html.indexOf('name="passkey"'));
    // The browser's autofill offers device passkeys in the Passkey field (HTML attribute names ignore case).
    expect(html).toMatch(/autocomplete="current-password webauthn"/i);
    expect(html).toMatch(/<noscript>.*Device passkeys need JavaScript.*The shared passkey below still works/s);
  });

  it("link the dashboard to Device passkeys, whose add form needs JavaScript", async () => {
    const admin = new Browser(send);
    expect((await admin.signIn()).status).toBe(302);
    expect(await (await admin.get("/dashboard")).text()).toMatch(/href="\/device-passkeys"[^>]*>.*Device passkeys/s);
    const page = await (await admin.get("/device-passkeys")).text();
    expect(page).toContain("Device passkeys</h1>");
    expect(page).toMatch(/<label[^>]*for="device-passkey-name"[^>]*>Device name/);
    expect(page).toMatch(/<noscript>.*Device passkeys need JavaScript/s);
    expect(page).toContain("No device passkeys yet.");
  });
});

/** How many rows each of the app's tables holds. */
async function rowCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of results) {
    counts[name] = (await env.DB.prepare(`select count(*) as n from "${name}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

/** `challenge` (base64url) with one byte changed at `index` (negative: from the end). */
function tampered(challenge: string, index: number): string {
  const bytes = Uint8Array.from(atob(challenge.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  bytes[index < 0 ? bytes.length + index : index]! ^= 0x01;
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

describe("challenges are signed, not stored", () => {
  it("so a flood of requests for them writes nothing, and the artist's device signs in throughout", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    const before = await rowCounts();
    const flood = new Browser(send);
    for (let i = 0; i < 50; i++) await challenge(flood, "/api/device-passkey-sign-in");
    expect(await rowCounts()).toEqual(before);
    expect((await signInWith(new Browser(send), iphone)).response.status).toBe(200);
  }, 30_000);

  it("so one whose nonce, expiry or signature has been changed is refused", async () => {
    const iphone = await TestAuthenticator.create();
    await adminWith(iphone);
    const phone = new Browser(send);
    const asked = await challenge(phone, "/api/device-passkey-sign-in");
    // The nonce's first byte, the expiry's last (a later expiry), the signature's last.
    for (const index of [0, 23, -1]) {
      expect((await signInWith(phone, iphone, { reuse: tampered(asked, index) })).response.status).toBe(401);
    }
    expect(await phone.isSignedIn()).toBe(false);
    // The genuine one still works: the refusals above did not use it up.
    expect((await signInWith(phone, iphone, { reuse: asked })).response.status).toBe(200);
  });
});

describe("a used challenge", () => {
  it("answered in its last millisecond is refused the second time, however late the clock reads when it is written", async () => {
    const secrets = [env.SESSION_SECRET];
    const now = Date.now();
    const asked = isoBase64URL.fromBuffer(await newChallenge(secrets, "authentication", now));
    const expiresAt = (await verifyChallenge(secrets, asked, "authentication", now))!;
    const lastMillisecond = expiresAt - 1;
    // Checked against the clock a moment before it is written down: both answers pass the check.
    expect(await verifyChallenge(secrets, asked, "authentication", lastMillisecond)).toBe(expiresAt);
    expect(await spendChallenge(db(env), asked, expiresAt, lastMillisecond)).toBe(true);
    // The replay's check passes in the same last millisecond; its write comes a millisecond later.
    expect(await spendChallenge(db(env), asked, expiresAt, expiresAt)).toBe(false);
    expect(await spendChallenge(db(env), asked, expiresAt, expiresAt + 4 * 60_000)).toBe(false);
  });
});

describe("SHARED_PASSKEY_SIGN_IN=off", () => {
  const off = { SHARED_PASSKEY_SIGN_IN: "off" } as unknown as Partial<Env>;
  const sendOff = (path: string, init: RequestInit) => fetchWithEnv(off, path, init).then(({ response }) => response);

  it("refuses the shared passkey once a device passkey is registered, on the sign-in screen and on admin forms, saying how to recover", async () => {
    const screen = async () => (await new Browser(sendOff).get("/dashboard")).text();
    // Before the first enrolment the shared passkey is the way in, and the screen offers it.
    expect(await screen()).toContain('name="passkey"');
    const iphone = await TestAuthenticator.create();
    const admin = await adminWith(iphone);
    // From then on the screen says up front how to recover, and offers no field that would be refused.
    const offScreen = await screen();
    expect(offScreen).toContain(
      "The shared passkey is turned off. To recover without a device passkey, set SHARED_PASSKEY_SIGN_IN to on (wrangler.toml) and deploy.",
    );
    expect(offScreen).not.toContain('name="passkey"');
    expect(offScreen).toContain("Sign in with a device passkey");
    const stranger = new Browser(sendOff);
    const refused = await stranger.signIn();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("set SHARED_PASSKEY_SIGN_IN to on (wrangler.toml) and deploy");
    expect(await stranger.isSignedIn()).toBe(false);
    const form = await stranger.post("/create-event", { passkey: env.ADMIN_PASSKEY, title: "Open studio" });
    expect(form.status).toBe(403);

    // The device passkey signs in.
    const phone = new Browser(sendOff);
    expect((await signInWith(phone, iphone)).response.status).toBe(200);
    expect(await phone.isSignedIn()).toBe(true);

    // With no device passkey left, the shared passkey is the way in again.
    expect((await admin.post("/device-passkeys", { intent: "remove", id: iphone.id })).status).toBe(200);
    expect(await screen()).toContain('name="passkey"');
    expect((await new Browser(sendOff).signIn()).status).toBe(302);
  });
});
