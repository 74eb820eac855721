// The site-wide budget of wrong passkeys: counted in D1 across every address, so rotating
// CF-Connecting-IP does not help; while it is spent even the right passkey is refused, and a session
// already signed in is untouched.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signInPaused } from "~/admin/sign-in.server";
import { fetchWithEnv } from "./faults-helpers";
import { signIn } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";

// Three wrong passkeys within 15 minutes, as SIGN_IN_BUDGET would say in production (default 20).
const budget = { SIGN_IN_BUDGET: "3", SIGN_IN_BUDGET_MINUTES: "15" } as unknown as Partial<Env>;

function attempt(passkey: string, path = "/dashboard", fields: Record<string, string> = { intent: "login" }) {
  return fetchWithEnv(budget, path, {
    method: "POST",
    headers: { "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams({ ...fields, passkey }),
  }).then(({ response }) => response);
}

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await env.DB.prepare("delete from sign_in_failures").run();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the site-wide sign-in budget", () => {
  it("pauses passkey sign-in for everyone once spent from many addresses, and reopens after the window", async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong-guess-${i}`)).status).toBe(401);

    const refused = await attempt(env.ADMIN_PASSKEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(await refused.text()).toContain(signInPaused(15));

    // The inline Passkey of an admin form is the same door.
    const inline = await attempt(env.ADMIN_PASSKEY, "/create-event", {
      intent: "save",
      name: "Fair",
      description: "d",
      date: "2031-01-01",
    });
    expect(inline.status).toBe(429);

    // The admin already signed in stays signed in.
    const { response: dashboard } = await fetchWithEnv(budget, "/dashboard", { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toContain("Admin Dashboard");

    // The oldest wrong passkey leaves the window 15 minutes after it was tried.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 15 * 60_000 + 1000);
    const reopened = await attempt(env.ADMIN_PASSKEY);
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("says how many minutes are left", async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    for (let i = 0; i < 3; i++) await attempt(`wrong-${i}`);
    clock.mockReturnValue(start + 10 * 60_000 + 5_000);
    expect(await (await attempt("anything")).text()).toContain("Please try again in 5 minutes.");
  });

  it("counts guesses sent all at once, so that no more than the budget of them are compared", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`parallel-guess-${i}`)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("does not count the right passkey", async () => {
    for (let i = 0; i < 2; i++) await attempt(`wrong-${i}`);
    for (let i = 0; i < 3; i++) expect((await attempt(env.ADMIN_PASSKEY)).status).toBe(302);
    expect((await attempt("wrong-again")).status).toBe(401);
    expect((await attempt(env.ADMIN_PASSKEY)).status).toBe(429);
  });
});
