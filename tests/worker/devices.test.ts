// Signed-in devices and sliding sessions: what the artist sees on the dashboard and what each of
// Logout, Remove and Sign Out Everywhere leaves working. A known device signs in while strangers have
// paused sign-in (the shipped budget, 20 wrong passkeys in 15 minutes), so that is how "known" shows.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchWithEnv } from "./faults-helpers";
import { Browser } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";

const send = (path: string, init: RequestInit) => fetchWithEnv({}, path, init).then(({ response }) => response);
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
/** A browser with a User-Agent, from an address of its own. */
const browser = (userAgent?: string) =>
  new Browser((path, init) =>
    send(path, { ...init, headers: { ...(init.headers as Record<string, string>), "User-Agent": userAgent ?? "" } }),
  );

const DAY = 24 * 60 * 60_000;
let clock = Date.now();
/** Moves the simulated clock, which the Worker reads too. */
function setClock(at: number) {
  clock = at;
  vi.spyOn(Date, "now").mockImplementation(() => clock);
}
afterEach(() => vi.restoreAllMocks());
// Each test lists only its own browsers.
beforeEach(() => env.DB.prepare("delete from admin_devices").run());

/** Strangers spend their budget: one wrong passkey from each of 20 addresses. */
async function pauseSignInForStrangers() {
  for (let i = 0; i < 20; i++) expect((await new Browser(send, freshClientIp()).signIn(`wrong-${i}`)).status).toBe(401);
  expect((await new Browser(send, freshClientIp()).signIn()).status).toBe(429);
}

/** The dashboard's list of devices, as text, item by item. */
async function devicesListedTo(viewer: Browser): Promise<string[]> {
  const html = await (await viewer.get("/dashboard")).text();
  const list = html.slice(html.indexOf('aria-labelledby="devices-title"'));
  const items = list.slice(list.indexOf("<ul"), list.indexOf("</ul>"));
  return [...items.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map(([, item]) => item!.replace(/<[^>]+>/g, " "));
}

describe("Logout", () => {
  it("ends the session but keeps the device known: listed as signed out, and it signs in while strangers are paused", async () => {
    const phone = browser(PHONE_UA);
    const laptop = browser(LAPTOP_UA);
    expect((await phone.signIn()).status).toBe(302);
    expect((await laptop.signIn()).status).toBe(302);
    const sessionCookie = phone.cookie;

    expect((await phone.post("/dashboard", { intent: "logout" })).status).toBe(302);
    expect(await phone.isSignedIn()).toBe(false);
    expect(phone.cookies.has("device")).toBe(true);
    // A copy of the session cookie taken before Logout is refused.
    const copy = new Browser(send);
    for (const pair of sessionCookie.split("; "))
      copy.cookies.set(pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1));
    copy.cookies.delete("device");
    expect(await copy.isSignedIn()).toBe(false);

    const listed = await devicesListedTo(laptop);
    expect(listed.find((item) => item.includes("Chrome on Android"))).toContain("Signed out");
    // The laptop, still signed in, is not.
    const laptopRow = listed.find((item) => !item.includes("Chrome on Android"));
    expect(laptopRow).toContain("This device");
    expect(laptopRow).not.toContain("Signed out");

    await pauseSignInForStrangers();
    expect((await phone.signIn()).status).toBe(302);
    expect(await phone.isSignedIn()).toBe(true);
  });
});

describe("Remove", () => {
  it("ends another device: its session at once, and its cookie no longer gets past a pause", async () => {
    const phone = browser(PHONE_UA);
    const laptop = browser(LAPTOP_UA);
    await phone.signIn();
    await laptop.signIn();
    const stolen = new Browser(send);
    for (const [name, value] of phone.cookies) stolen.cookies.set(name, value);

    const html = await (await laptop.get("/dashboard")).text();
    const phoneId = [...html.matchAll(/name="device" value="([0-9a-f]{64})"/g)].map(([, id]) => id!);
    const listed = await devicesListedTo(laptop);
    const phoneIndex = listed.findIndex((item) => item.includes("Chrome on Android"));
    const removed = await laptop.post("/dashboard", { intent: "remove-device", device: phoneId[phoneIndex]! });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/dashboard?notice=device-removed");
    // Her own session and device stay as they are.
    expect(removed.headers.getSetCookie()).toEqual([]);

    expect(await laptop.isSignedIn()).toBe(true);
    expect((await devicesListedTo(laptop)).some((item) => item.includes("Chrome on Android"))).toBe(false);
    expect(await phone.isSignedIn()).toBe(false);
    expect(await stolen.isSignedIn()).toBe(false);
    await pauseSignInForStrangers();
    expect((await stolen.signIn()).status).toBe(429);
    expect((await laptop.signIn()).status).toBe(302);
  });

  it("of this device signs this browser out and clears both its cookies", async () => {
    const laptop = browser(LAPTOP_UA);
    await laptop.signIn();
    const html = await (await laptop.get("/dashboard")).text();
    const [, id] = html.match(/name="device" value="([0-9a-f]{64})"/)!;
    const removed = await laptop.post("/dashboard", { intent: "remove-device", device: id! });
    expect(removed.headers.get("Location")).toBe("/dashboard?notice=device-removed");
    expect(laptop.cookies.size).toBe(0);
    const after = await (await laptop.get("/dashboard?notice=device-removed")).text();
    expect(after).toContain("Admin Access");
    expect(after).toContain("Device removed");
  });

  it("is refused without a session", async () => {
    const laptop = browser(LAPTOP_UA);
    await laptop.signIn();
    const html = await (await laptop.get("/dashboard")).text();
    const [, id] = html.match(/name="device" value="([0-9a-f]{64})"/)!;
    const visitor = new Browser(send);
    expect((await visitor.post("/dashboard", { intent: "remove-device", device: id! })).status).toBe(401);
    expect(await laptop.isSignedIn()).toBe(true);
  });
});

describe("Sign Out Everywhere", () => {
  it("ends every device: copies of their cookies sign in nowhere and get past no pause", async () => {
    const phone = browser(PHONE_UA);
    const laptop = browser(LAPTOP_UA);
    await phone.signIn();
    await laptop.signIn();
    const copies = [phone, laptop].map((original) => {
      const copy = new Browser(send);
      for (const [name, value] of original.cookies) copy.cookies.set(name, value);
      return copy;
    });

    const ended = await phone.post("/dashboard", { intent: "sign-out-everywhere" });
    expect(ended.headers.get("Location")).toBe("/dashboard?notice=signed-out-everywhere");
    expect(phone.cookies.size).toBe(0);
    expect(await laptop.isSignedIn()).toBe(false);
    for (const copy of copies) expect(await copy.isSignedIn()).toBe(false);

    await pauseSignInForStrangers();
    for (const copy of [...copies, laptop]) expect((await copy.signIn()).status).toBe(429);
  });
});

describe("the Signed-in Devices list", () => {
  it("shows each browser once however often it signs in, with this one marked", async () => {
    const phone = browser(PHONE_UA);
    const laptop = browser(LAPTOP_UA);
    await phone.signIn();
    await phone.post("/dashboard", { intent: "logout" });
    await phone.signIn();
    await laptop.signIn();
    const listed = await devicesListedTo(phone);
    expect(listed.filter((item) => item.includes("Chrome on Android"))).toHaveLength(1);
    expect(listed.find((item) => item.includes("Chrome on Android"))).toContain("This device");
    expect(listed.find((item) => item.includes("Safari on macOS"))).not.toContain("This device");
  });
});

describe("a session", () => {
  it("slides: used within every 7 days it stays signed in", async () => {
    const start = Date.now();
    setClock(start);
    const laptop = browser(LAPTOP_UA);
    await laptop.signIn();
    for (const day of [6, 12, 18, 24]) {
      setClock(start + day * DAY);
      expect(await laptop.isSignedIn(), `day ${day}`).toBe(true);
    }
  });

  it("ends after 7 days without use, and the device still signs in", async () => {
    const start = Date.now();
    setClock(start);
    const laptop = browser(LAPTOP_UA);
    await laptop.signIn();
    setClock(start + 3 * DAY);
    expect(await laptop.isSignedIn()).toBe(true);
    setClock(start + 10 * DAY + 60_000);
    expect(await laptop.isSignedIn()).toBe(false);
    await pauseSignInForStrangers();
    expect((await laptop.signIn()).status).toBe(302);
  });

  it("ends 90 days after sign-in however often it is used", async () => {
    const start = Date.now();
    setClock(start);
    const laptop = browser(LAPTOP_UA);
    await laptop.signIn();
    for (let day = 5; day < 90; day += 5) {
      setClock(start + day * DAY);
      expect(await laptop.isSignedIn(), `day ${day}`).toBe(true);
    }
    setClock(start + 90 * DAY - 60_000);
    expect(await laptop.isSignedIn()).toBe(true);
    setClock(start + 90 * DAY + 60_000);
    expect(await laptop.isSignedIn()).toBe(false);
  });
});
