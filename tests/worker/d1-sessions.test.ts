// Read replicas (D1's Sessions API): which D1 session each request reads through, and the admin's
// bookmark cookie that lets the page after her save read that save. Locally there are no replicas, so
// the binding records the constraint or bookmark each request's session was opened with.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "./faults-helpers";
import { Browser } from "./admin-helpers";

/** env.DB, recording what each session is opened with. */
function recordingDb(opened: string[]): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "withSession") {
        return (constraint: string) => {
          opened.push(constraint);
          return target.withSession(constraint);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function recordingBrowser() {
  const opened: string[] = [];
  const DB = recordingDb(opened);
  const send = (path: string, init: RequestInit) =>
    fetchWithEnv({ DB } as Partial<Env>, path, init).then(({ response }) => response);
  return { browser: new Browser(send), opened };
}

describe("D1 sessions", () => {
  it("a visitor's page reads the nearest replica; a visitor's form goes to the primary and sets no bookmark", async () => {
    const { browser, opened } = recordingBrowser();
    const page = await browser.get("/gallery");
    expect(page.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    const sent = await browser.post("/contact", { name: "Ann", email: "ann@example.com", message: "Hello there" });
    expect(sent.status).toBeLessThan(500);
    expect(opened.at(-1)).toBe("first-primary");
    expect(sent.headers.get("Set-Cookie") ?? "").not.toContain("d1-bookmark");
  });

  it("the admin's save sets the bookmark of her write, and her next page reads at least that fresh", async () => {
    const { browser, opened } = recordingBrowser();
    expect((await browser.signIn()).status).toBe(302);
    const saved = await browser.post("/create-event", {
      intent: "save",
      name: "Bookmark Open Studio",
      date: "2031-06-01",
      description: "Read your own writes.",
      location: "Leeds",
    });
    expect(saved.status).toBeLessThan(400);
    const bookmark = browser.cookies.get("d1-bookmark");
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/i);
    opened.length = 0;
    const events = await (await browser.get("/events")).text();
    expect(opened).toEqual([bookmark]);
    expect(events).toContain("Bookmark Open Studio");
  });

  it("a bookmark cookie that is not one is ignored: the admin reads the primary", async () => {
    const { browser, opened } = recordingBrowser();
    expect((await browser.signIn()).status).toBe(302);
    browser.cookies.set("d1-bookmark", "not a bookmark; drop table");
    opened.length = 0;
    expect((await browser.get("/dashboard")).status).toBe(200);
    expect(opened).toEqual(["first-primary"]);
  });
});
