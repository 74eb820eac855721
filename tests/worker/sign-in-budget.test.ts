// The budgets of wrong passkeys, with the shipped numbers (20 in 15 minutes; 5 attempts a minute per
// address). Strangers share one, counted in D1 across every address, so rotating CF-Connecting-IP does
// not help; while it is spent even the right passkey is refused to them. A browser where the admin has
// signed in has a budget of its own, so strangers can never lock the artist out.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInPaused } from "~/admin/sign-in.server";
import { fetchWithEnv } from "./faults-helpers";
import { Browser } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";

const BUDGET = 20;

/**
 * LOGIN_LIMITER as wrangler.toml declares it (5 a minute per key, in windows aligned to the clock), but
 * on the test's clock: the local binding counts real minutes, and these tests live through simulated ones.
 */
function limiterOnTestClock(): RateLimit {
  const counts = new Map<string, number>();
  return {
    async limit({ key }) {
      const window = `${key}@${Math.floor(Date.now() / 60_000)}`;
      counts.set(window, (counts.get(window) ?? 0) + 1);
      return { success: counts.get(window)! <= 5 };
    },
  };
}

let limiter = limiterOnTestClock();
const send = (path: string, init: RequestInit) =>
  fetchWithEnv({ LOGIN_LIMITER: limiter }, path, init).then(({ response }) => response);
/** A browser that has never signed in here, from an address of its own. */
const stranger = () => new Browser(send, freshClientIp());

let clock = Date.now();
/** Moves the simulated clock, which the Worker reads too. */
function setClock(at: number) {
  clock = at;
  vi.spyOn(Date, "now").mockImplementation(() => clock);
}

afterEach(() => {
  vi.restoreAllMocks();
  limiter = limiterOnTestClock();
});

/** Spends the strangers' budget: one wrong passkey from each of BUDGET addresses. */
async function spendStrangersBudget() {
  for (let i = 0; i < BUDGET; i++) expect((await stranger().signIn(`wrong-guess-${i}`)).status).toBe(401);
}

async function storedFailures(): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from sign_in_failures").first<{ n: number }>())!.n;
}

describe("the strangers' budget", () => {
  it("pauses passkey sign-in for strangers once spent from many addresses, and reopens after the window", async () => {
    const signedIn = new Browser(send);
    expect((await signedIn.signIn()).status).toBe(302);
    setClock(Date.now());
    await spendStrangersBudget();

    const refused = await stranger().signIn();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(await refused.text()).toContain(signInPaused(15));

    // The inline Passkey of an admin form is the same door.
    const inline = await stranger().post("/create-event", {
      intent: "save",
      passkey: env.ADMIN_PASSKEY,
      name: "Fair",
      description: "d",
      date: "2031-01-01",
    });
    expect(inline.status).toBe(429);

    // The admin already signed in stays signed in.
    expect(await signedIn.isSignedIn()).toBe(true);

    // The oldest wrong passkey leaves the window 15 minutes after it was tried.
    setClock(clock + 15 * 60_000 + 1000);
    const reopened = await stranger().signIn();
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get("Set-Cookie")).toMatch(/^session=/);
  });

  it("says how many minutes are left", async () => {
    const start = Date.now();
    setClock(start);
    await spendStrangersBudget();
    setClock(start + 10 * 60_000 + 5_000);
    expect(await (await stranger().signIn("anything")).text()).toContain("Please try again in 5 minutes.");
  });

  it("stores and compares no more than the budget however many guesses arrive at once", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => stranger().signIn(`parallel-guess-${i}`)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - BUDGET);
    expect(await storedFailures()).toBe(BUDGET);
  });

  it("does not count the right passkey", async () => {
    for (let i = 0; i < BUDGET - 1; i++) await stranger().signIn(`wrong-${i}`);
    for (let i = 0; i < 3; i++) expect((await stranger().signIn()).status).toBe(302);
    expect((await stranger().signIn("wrong-again")).status).toBe(401);
    expect((await stranger().signIn()).status).toBe(429);
  });
});

describe("a browser where the artist has signed in", () => {
  it("still signs in while one address guessing at its limit for 30 minutes keeps sign-in paused for strangers", async () => {
    const start = Date.now();
    setClock(start);
    const artist = new Browser(send);
    expect((await artist.signIn()).status).toBe(302);
    expect((await artist.post("/dashboard", { intent: "logout" })).status).toBe(302);
    expect(await artist.isSignedIn()).toBe(false);

    const scanner = new Browser(send, freshClientIp());
    for (let minute = 0; minute < 30; minute++) {
      setClock(start + minute * 60_000 + 1000);
      // Six a minute: five are let through by the per-address limit, the sixth is not.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await scanner.signIn(`scan-${minute}-${i}`)).status);
      // Its wrong passkeys spend the strangers' budget in four minutes; from then on its guesses are
      // refused unchecked until the first four minutes' leave the window, when it spends them again.
      if (minute % 15 < 4) expect(statuses.slice(0, 5), `minute ${minute}`).toEqual([401, 401, 401, 401, 401]);
      else expect(statuses.slice(0, 5), `minute ${minute}`).toEqual([429, 429, 429, 429, 429]);

      if (minute >= 4 && minute % 5 === 4) {
        // A stranger with the right passkey is refused...
        const unknown = await stranger().signIn();
        expect(unknown.status, `minute ${minute}`).toBe(429);
        expect(await unknown.text()).toContain("Sign-in is paused after too many wrong passkeys.");
        // ...and the artist's browser signs in, and out again.
        expect((await artist.signIn()).status, `minute ${minute}`).toBe(302);
        expect(await artist.isSignedIn()).toBe(true);
        expect((await artist.post("/dashboard", { intent: "logout" })).status).toBe(302);
      }
    }
    expect(await storedFailures()).toBe(BUDGET);
  });

  it("has a budget of its own: its wrong passkeys pause it alone, and strangers' sign-in is untouched", async () => {
    const start = Date.now();
    setClock(start);
    const artist = new Browser(send);
    expect((await artist.signIn()).status).toBe(302);
    // A copy of the device cookie in a thief's hands: the session is not needed, the device cookie is.
    const thief = new Browser(send, freshClientIp());
    thief.cookies.set("device", artist.cookies.get("device")!);

    for (let i = 0; i < BUDGET; i++) {
      if (i % 5 === 0) setClock(start + (i / 5) * 60_000 + 1000);
      expect((await thief.signIn(`stolen-cookie-guess-${i}`)).status).toBe(401);
    }
    setClock(start + 4 * 60_000 + 1000);
    const paused = await thief.signIn();
    expect(paused.status).toBe(429);
    expect(await paused.text()).toContain(signInPaused(11, "this-device"));

    // Strangers' budget was never touched.
    expect((await stranger().signIn()).status).toBe(302);
    // A fresh start for the device 15 minutes after its first wrong guess.
    setClock(start + 15 * 60_000 + 2000);
    expect((await artist.signIn()).status).toBe(302);
  });
});
