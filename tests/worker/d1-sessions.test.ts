// Read replicas (D1's Sessions API): which D1 session each request reads through. Locally there are no
// replicas, so the binding records the constraint each request's session was opened with, and a second
// local database stands in for a replica that has not yet seen the latest writes.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "./faults-helpers";
import { Browser } from "./admin-helpers";

/** What a D1 session opened with `constraint` reads: a replica for a bookmark or no constraint. */
type Replicas = (constraint: string) => D1Database;

/** env.DB, recording what each session is opened with; `replicaFor` answers in place of a replica. */
function recordingDb(opened: string[], replicaFor?: Replicas): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "withSession") {
        return (constraint: string) => {
          opened.push(constraint);
          const served = constraint === "first-primary" || !replicaFor ? target : replicaFor(constraint);
          return served.withSession(constraint);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function recordingBrowser(replicaFor?: Replicas) {
  const opened: string[] = [];
  const DB = recordingDb(opened, replicaFor);
  const send = (path: string, init: RequestInit) =>
    fetchWithEnv({ DB } as Partial<Env>, path, init).then(({ response }) => response);
  return { browser: new Browser(send), opened };
}

/** The lagging replica holds what the primary holds now, and no more from here on. */
async function replicaCatchesUp(): Promise<void> {
  await applyD1Migrations(env.LAGGING_REPLICA, env.TEST_MIGRATIONS);
  for (const table of ["admin_sessions", "admin_devices"]) {
    await env.LAGGING_REPLICA.prepare(`delete from "${table}"`).run();
  }
  for (const table of ["admin_devices", "admin_sessions"]) {
    const { results } = await env.DB.prepare(`select * from "${table}"`).all<Record<string, unknown>>();
    for (const row of results) {
      const columns = Object.keys(row);
      await env.LAGGING_REPLICA.prepare(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      )
        .bind(...Object.values(row))
        .run();
    }
  }
}

describe("D1 sessions", () => {
  it("a visitor's page reads the nearest replica; a visitor's form goes to the primary and sets no cookie", async () => {
    const { browser, opened } = recordingBrowser();
    const page = await browser.get("/gallery");
    expect(page.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    const sent = await browser.post("/contact", { name: "Ann", email: "ann@example.com", message: "Hello there" });
    expect(sent.status).toBeLessThan(500);
    expect(opened.at(-1)).toBe("first-primary");
    expect(sent.headers.get("Set-Cookie") ?? "").toBe("");
  });

  it("the admin reads the primary on every request, so the page after her save shows it", async () => {
    const { browser, opened } = recordingBrowser();
    expect((await browser.signIn()).status).toBe(302);
    const saved = await browser.post("/create-event", {
      intent: "save",
      name: "Primary Open Studio",
      date: "2031-06-01",
      description: "Read your own writes.",
      location: "Leeds",
    });
    expect(saved.status).toBeLessThan(400);
    opened.length = 0;
    const events = await (await browser.get("/events")).text();
    expect(opened).toEqual(["first-primary"]);
    expect(events).toContain("Primary Open Studio");
  });

  it("a signed-out session's cookie, replayed with an old bookmark, is checked on the primary and refused", async () => {
    const { browser, opened } = recordingBrowser(() => env.LAGGING_REPLICA);
    expect((await browser.signIn()).status).toBe(302);
    // The replica has seen the sign-in, and will not see the sign-out.
    await replicaCatchesUp();
    const stolen = new Map(browser.cookies);
    const sessions = () => env.DB.prepare("select count(*) as n from admin_sessions").first<number>("n");
    const before = await sessions();
    expect((await browser.post("/dashboard", { intent: "logout" })).status).toBe(302);
    expect(await sessions()).toBe(before! - 1);

    const thief = recordingBrowser(() => env.LAGGING_REPLICA);
    for (const [name, value] of stolen) thief.browser.cookies.set(name, value);
    // A bookmark as D1 writes them, from before the sign-out.
    thief.browser.cookies.set("d1-bookmark", "0000000100000000-00000001-00005f2e-0123456789abcdef0123456789abcdef");
    thief.opened.length = 0;
    expect(await thief.browser.isSignedIn()).toBe(false);
    expect(thief.opened).toEqual(["first-primary"]);
    const write = await thief.browser.post("/dashboard", { intent: "refresh-public-pages" });
    expect(write.status).toBe(401);
    expect(opened).not.toContain("first-unconstrained");
  });
});
