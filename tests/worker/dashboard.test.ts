import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { listApprovedTestimonials, upsertTestimonials } from "~/testimonials/queries.server";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";
import { freshClientIp, withinOneLimiterMinute } from "../support/addresses";

const database = db(env);
const artwork = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm("/dashboard", body, headers);

beforeAll(async () => {
  await upsertArtworks(database, [
    {
      id: "dash-oil",
      title: "Harbour Lights",
      description: "d",
      medium: "Oil on board",
      categories: ["oil", "artwork print"],
      category: "oil",
      size: "30 x 40 cm",
      imageUrls: ["posts/1_h.jpg"],
      available: "no",
    },
    {
      id: "dash-water",
      title: "Moor Walk",
      description: "d",
      medium: "Watercolour",
      categories: ["watercolor"],
      category: "watercolor",
      size: "A4",
      imageUrls: ["posts/1_m.jpg"],
    },
  ]);
  await upsertTestimonials(database, [
    { id: "dash-t1", author: "Pending Pat", message: "Waiting for approval", approved: false },
  ]);
});

describe("signing in to /dashboard", () => {
  it("shows 'Admin Access' and no admin data without a session", async () => {
    const html = await (await fetchApp("/dashboard")).text();
    expect(html).toContain("Admin Access");
    expect(html).not.toContain("Admin Dashboard</h1>");
    expect(html).not.toContain("Harbour Lights");
  });

  it("refuses a wrong passkey with the spec's message and sets no cookie", async () => {
    const response = await artwork({ intent: "login", passkey: "wrong" });
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain("Incorrect passkey. Please try again.");
  });

  it("signs in with the right passkey: HttpOnly, SameSite=Lax, signed session and device cookies, by their plain names on http://localhost", async () => {
    const response = await artwork({ intent: "login", passkey: env.ADMIN_PASSKEY });
    expect(response.status).toBe(302);
    const [session, device] = response.headers.getSetCookie();
    expect(session).toMatch(/^session=/);
    expect(session).toContain("Max-Age=7776000"); // 90 days: the server ends it sooner when unused
    expect(device).toMatch(/^device=/);
    expect(device).toContain("Max-Age=34560000"); // 400 days, renewed at each sign-in
    for (const cookie of [session, device]) {
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      // Plain http on localhost (wrangler dev) is the only place a cookie may lack Secure.
      expect(cookie).not.toContain("Secure");
    }
  });

  it("names the cookies __Host- on https: Secure, Path=/, no Domain, and the browser sends them back", async () => {
    const https = (path: string, init: RequestInit = {}) =>
      fetchApp(`https://art.example${path}`, {
        redirect: "manual",
        ...init,
        headers: {
          Origin: "https://art.example",
          Host: "art.example",
          "CF-Connecting-IP": freshClientIp(),
          ...init.headers,
        },
      });
    const response = await https("/dashboard", {
      method: "POST",
      body: new URLSearchParams({ intent: "login", passkey: env.ADMIN_PASSKEY }),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=", 1)[0])).toEqual(["__Host-session", "__Host-device"]);
    for (const cookie of cookies) {
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("Path=/");
      expect(cookie).not.toMatch(/Domain=/i);
    }
    const cookie = cookies.map((set) => set.split(";")[0]).join("; ");
    expect(await (await https("/dashboard", { headers: { Cookie: cookie } })).text()).toContain("Admin Dashboard</h1>");
  });

  it("throttles sign-in attempts per IP with 429", async () => {
    const { statuses, right } = await withinOneLimiterMinute(async (address) => {
      const headers = { "CF-Connecting-IP": address };
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await artwork({ intent: "login", passkey: `guess-${i}` }, headers)).status);
      // Even the right passkey is refused from that IP until the window passes.
      const right = await artwork({ intent: "login", passkey: env.ADMIN_PASSKEY }, headers);
      return { statuses, right };
    });
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many sign-in attempts");
  });
});

describe("the signed-in dashboard", () => {
  it("shows the collection with its count, SOLD badge, categories, events, testimonials and the Inbox button", async () => {
    const cookie = await signIn();
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain("Logout");
    expect(html).toContain("2 pieces");
    expect(html).toContain("Harbour Lights");
    expect(html).toContain("SOLD");
    expect(html).toContain("Artwork Print");
    expect(html).toContain('href="/edit/dash-oil"');
    expect(html).toContain("Pending Pat");
    expect(html).toMatch(/<a[^>]*href="\/inbox"[^>]*>.*Inbox/);
  });

  it("searches by title, medium or category", async () => {
    const cookie = await signIn();
    const byMedium = await (await fetchApp("/dashboard?q=watercolour", { headers: { Cookie: cookie } })).text();
    expect(byMedium).toContain("Moor Walk");
    expect(byMedium).not.toContain("Harbour Lights");
    const byCategory = await (await fetchApp("/dashboard?q=print", { headers: { Cookie: cookie } })).text();
    expect(byCategory).toContain("Harbour Lights");
    expect(byCategory).not.toContain("Moor Walk");
  });

  it("signs out when the cookie is altered by one byte", async () => {
    const cookie = await signIn();
    const at = cookie.indexOf("=") + 8;
    const altered = cookie.slice(0, at) + (cookie[at] === "x" ? "y" : "x") + cookie.slice(at + 1);
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: altered } })).text();
    expect(html).toContain("Admin Access");
  });

  it("logs out by clearing the session cookie, keeping the device's", async () => {
    const cookie = await signIn();
    const response = await artwork({ intent: "logout" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/),
    ]);
  });
});

describe("the phone-first dashboard", () => {
  it("opens with a summary whose counts link to their places, the Inbox's also at 0", async () => {
    const cookie = await signIn();
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    const summary = /<nav[^>]*aria-label="Summary"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
    const items = [
      ...summary.matchAll(/<a[^>]*href="([^"]+)"[^>]*><span class="summary__count">(\d+)<\/span> ([^<]+)<\/a>/g),
    ];
    expect(items.map(([, href, count, text]) => `${count} ${text} -> ${href}`)).toEqual([
      "0 new messages -> /inbox",
      "0 new commission requests -> /inbox/commissions",
      "1 pending testimonial -> #dashboard-testimonials-title",
      "0 upcoming events -> #dashboard-events-title",
      "1 for sale -> #collection-title",
      "1 sold -> /sales",
      "0 drafts -> #collection-title",
    ]);
    // Before the quick actions, the collection and everything else.
    expect(html.indexOf('aria-label="Summary"')).toBeLessThan(html.indexOf('aria-label="Quick actions"'));
  });

  it("marks a work sold and available again in one tap, shown on its page to the next visitor", async () => {
    const cookie = await signIn();
    await upsertArtworks(database, [
      {
        id: "dash-tap",
        title: "Stall Sketch",
        description: "d",
        medium: "Pencil",
        categories: ["custom"],
        category: "custom",
        size: "A5",
        imageUrls: ["posts/1_s.jpg"],
      },
    ]);
    const page = async () => (await fetchApp("/post/dash-tap")).text();
    // Read once, so the page sits in the public cache before the tap.
    expect(await page()).not.toContain(">SOLD<");
    expect(await page()).toContain("Available for Purchase");

    expect((await artwork({ intent: "mark-sold", id: "dash-tap" })).status).toBe(401);
    expect(await page()).not.toContain(">SOLD<");

    expect((await artwork({ intent: "mark-sold", id: "dash-tap" }, { Cookie: cookie })).status).toBe(200);
    expect(await page()).toContain(">SOLD<");
    const dashboard = await (await fetchApp("/dashboard?q=Stall", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain('aria-label="Mark available: Stall Sketch"');

    expect((await artwork({ intent: "mark-available", id: "dash-tap" }, { Cookie: cookie })).status).toBe(200);
    expect(await page()).not.toContain(">SOLD<");
    expect(await page()).toContain("Available for Purchase");

    const gone = await artwork({ intent: "mark-sold", id: "no-such-artwork" }, { Cookie: cookie });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("That artwork no longer exists.");
  });
});

describe("approving testimonials", () => {
  it("answers 401 and changes nothing without a session", async () => {
    const response = await artwork({ intent: "approve", id: "dash-t1" });
    expect(response.status).toBe(401);
    expect((await listApprovedTestimonials(database)).map((t) => t.id)).not.toContain("dash-t1");
  });

  it("approves and disapproves with a session", async () => {
    const cookie = await signIn();
    expect((await artwork({ intent: "approve", id: "dash-t1" }, { Cookie: cookie })).status).toBe(200);
    expect((await listApprovedTestimonials(database)).map((t) => t.id)).toContain("dash-t1");
    expect((await artwork({ intent: "disapprove", id: "dash-t1" }, { Cookie: cookie })).status).toBe(200);
    expect((await listApprovedTestimonials(database)).map((t) => t.id)).not.toContain("dash-t1");
  });

  it("rejects an unknown intent with 400", async () => {
    expect((await artwork({ intent: "drop-tables" })).status).toBe(400);
  });
});

describe("a dashboard that survives a flood", () => {
  const count = async (where = "1") =>
    (await env.DB.prepare(`select count(*) as n from testimonials where ${where}`).first<{ n: number }>())!.n;

  it("deletes one testimonial in any state, and every pending one at once, leaving the approved", async () => {
    const cookie = await signIn();
    await env.DB.prepare("delete from testimonials").run();
    await upsertTestimonials(database, [
      { id: "keep-shown", author: "Ann", message: "Shown", approved: true },
      { id: "drop-shown", author: "Bea", message: "Also shown", approved: true },
      { id: "wait-1", author: "Cy", message: "Pending one", approved: false },
      { id: "wait-2", author: "Di", message: "Pending two", approved: false },
    ]);
    expect((await artwork({ intent: "delete-testimonial", id: "drop-shown" }, { Cookie: cookie })).status).toBe(200);
    expect((await listApprovedTestimonials(database)).map((t) => t.id)).toEqual(["keep-shown"]);
    expect((await artwork({ intent: "delete-testimonial", id: "drop-shown" }, { Cookie: cookie })).status).toBe(404);
    expect((await artwork({ intent: "delete-pending-testimonials" }, { Cookie: cookie })).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await artwork({ intent: "delete-pending-testimonials" })).status).toBe(401);
  });

  it("stays under 100 KB with 2,000 each of artworks, events, pending testimonials and 5,000-character messages: 12 cards or 25 rows a page, with totals", async () => {
    const cookie = await signIn();
    await env.DB.prepare("delete from testimonials").run();
    await env.DB.prepare("delete from messages").run();
    await env.DB.prepare("delete from posts").run();
    await env.DB.prepare("delete from events").run();
    // The longest each form takes: 500 characters for a testimonial, 5,000 for a message.
    const words = "A long and heartfelt testimonial that someone pasted many times. ".repeat(8).slice(0, 500);
    const letter = "A long message pasted over and over to fill the inbox. ".repeat(100).slice(0, 5000);
    for (let start = 0; start < 2000; start += 20) {
      await env.DB.batch(
        Array.from({ length: 20 }, (_, i) =>
          env.DB.prepare(
            "insert into testimonials (id, author, message, approved, created_at) values (?, ?, ?, 0, ?)",
          ).bind(
            `flood-${start + i}`,
            `Flooder ${start + i}`,
            `${start + i} ${words}`.slice(0, 500),
            new Date(Date.UTC(2026, 0, 1, 0, 0, start + i)).toISOString(),
          ),
        ),
      );
      await env.DB.batch(
        Array.from({ length: 20 }, (_, i) =>
          env.DB.prepare(
            `insert into posts (id, title, description, medium, categories, category, size, image_urls, image_copies, available, events, created_at)
             values (?, ?, ?, 'Oil on canvas', '["oil"]', 'oil', '40 x 50 cm', '["/images/a.jpg"]', '{}', 'yes', '[]', ?)`,
          ).bind(
            `aflood-${start + i}`,
            `Flooded Artwork ${start + i}`,
            `${start + i} ${words}`.slice(0, 500),
            new Date(Date.UTC(2026, 0, 1, 0, 0, start + i)).toISOString(),
          ),
        ),
      );
      await env.DB.batch(
        Array.from({ length: 20 }, (_, i) =>
          env.DB.prepare("insert into events (id, name, description, date) values (?, ?, ?, ?)").bind(
            `eflood-${start + i}`,
            `Flooded Event ${start + i}`,
            `${start + i} ${words}`.slice(0, 500),
            new Date(Date.UTC(2030, 0, 1) + (start + i) * 86_400_000).toISOString().slice(0, 10),
          ),
        ),
      );
      await env.DB.batch(
        Array.from({ length: 20 }, (_, i) =>
          env.DB.prepare(
            "insert into messages (id, kind, name, email, message, created_at) values (?, 'contact', ?, 'f@example.com', ?, ?)",
          ).bind(
            `mflood-${start + i}`,
            `Flooder ${start + i}`,
            `${start + i} ${letter}`.slice(0, 5000),
            new Date(Date.UTC(2026, 0, 1, 0, 0, start + i)).toISOString(),
          ),
        ),
      );
    }
    const get = async (path: string) => (await fetchApp(path, { headers: { Cookie: cookie } })).text();
    // 3.2 MB before paging, when every testimonial, message, artwork and event was listed in full.
    const html = await get("/dashboard");
    const inbox = await get("/inbox");
    const kb = (text: string) => new TextEncoder().encode(text).length / 1024;
    console.log(
      `With 2,000 rows in each table: the dashboard ${kb(html).toFixed(1)} KB, the Inbox ${kb(inbox).toFixed(1)} KB`,
    );
    expect(kb(html)).toBeLessThan(100);
    expect(kb(inbox)).toBeLessThan(100);

    expect(html).toContain("2000 pieces");
    expect(html.match(/aria-label="Edit Flooded Artwork \d+"/g)).toHaveLength(12);
    expect(html).toContain(`aria-label="Edit Flooded Artwork 1999"`);
    const artworksEnd = await get("/dashboard?artworks=167");
    expect(artworksEnd).toContain("Page 167 of 167");
    expect(artworksEnd).toContain(`aria-label="Edit Flooded Artwork 0"`);
    expect(artworksEnd).not.toContain(`aria-label="Edit Flooded Artwork 1999"`);
    // A search pages what it finds: 111 titles hold "Flooded Artwork 19" (19, 190 to 199, 1900 to 1999).
    expect(await get("/dashboard?q=Flooded+Artwork+19")).toContain("Page 1 of 10");

    expect(html).toContain("2000 events");
    expect(html.match(/<h3[^>]*>Flooded Event \d+<\/h3>/g)).toHaveLength(12);
    // Upcoming events soonest first: page 1 starts with the first day.
    expect(html).toMatch(/<h3[^>]*>Flooded Event 0<\/h3>/);
    expect(await get("/dashboard?events=167")).toMatch(/<h3[^>]*>Flooded Event 1999<\/h3>/);

    expect(html).toContain("2000 in all, 2000 pending");
    expect(html.match(/Approve testimonial by Flooder/g)).toHaveLength(25);
    // The newest first; page 80 holds the oldest.
    expect(html).toContain("Approve testimonial by Flooder 1999");
    const last = await get("/dashboard?testimonials=80");
    expect(last).toContain("Page 80 of 80");
    expect(last).toContain(`aria-label="Approve testimonial by Flooder 0"`);
    // A testimonial whole, on asking.
    const fullTestimonial = `1999 ${words}`.slice(0, 500);
    expect(html).not.toContain(fullTestimonial);
    expect(html).toContain(`aria-label="Read all of the testimonial by Flooder 1999"`);
    expect(await get("/dashboard?read=flood-1999")).toContain(fullTestimonial);

    // The Inbox, on its own page, and the dashboard's button counts what is not handled.
    expect(html).toContain("(2000 new)");
    expect(inbox).toContain("2000 messages");
    expect(inbox).toContain("Page 1 of 80");
    expect(inbox.match(/Mark handled: contact from Flooder/g)).toHaveLength(25);
    expect(await get("/inbox?page=80")).toContain("Mark handled: contact from Flooder 0");
    // One message whole, on asking.
    const fullLetter = `1999 ${letter}`.slice(0, 5000);
    expect(inbox).toContain(`aria-label="Read all of the contact from Flooder 1999"`);
    expect(inbox).not.toContain(fullLetter);
    const reading = await get("/inbox?read=mflood-1999");
    expect(reading).toContain(fullLetter);
    expect(reading).toMatch(/<details[^>]*id="message-mflood-1999"[^>]*open=""/);
    // 8,000 rows written and four pages read: seconds on a busy machine.
  }, 30_000);
});
