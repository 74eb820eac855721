import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { listApprovedTestimonials, upsertTestimonials } from "~/testimonials/queries.server";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";

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

  it("signs in with the right passkey: an HttpOnly, SameSite=Lax, 7-day, signed cookie", async () => {
    const response = await artwork({ intent: "login", passkey: env.ADMIN_PASSKEY });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=604800");
    expect(cookie).toContain("Path=/");
    // Plain http on localhost (wrangler dev) is the only place the cookie may lack Secure.
    expect(cookie).not.toContain("Secure");

    const https = await fetchApp("https://art.example/dashboard", {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://art.example", Host: "art.example", "CF-Connecting-IP": "198.51.100.7" },
      body: new URLSearchParams({ intent: "login", passkey: env.ADMIN_PASSKEY }),
    });
    expect(https.headers.get("Set-Cookie")).toContain("Secure");
  });

  it("throttles sign-in attempts per IP with 429", async () => {
    const headers = { "CF-Connecting-IP": "192.0.2.99" };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await artwork({ intent: "login", passkey: `guess-${i}` }, headers)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // Even the right passkey is refused from that IP until the window passes.
    const right = await artwork({ intent: "login", passkey: env.ADMIN_PASSKEY }, headers);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many sign-in attempts");
  });
});

describe("the signed-in dashboard", () => {
  it("shows the collection with its count, SOLD badge, categories, events, testimonials and inbox", async () => {
    const cookie = await signIn();
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain("Logout");
    expect(html).toMatch(/2<!-- --> <!-- -->pieces/);
    expect(html).toContain("Harbour Lights");
    expect(html).toContain("SOLD");
    expect(html).toContain("Artwork Print");
    expect(html).toContain('href="/edit/dash-oil"');
    expect(html).toContain("Pending Pat");
    expect(html).toContain("Inbox");
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

  it("logs out by clearing the cookie", async () => {
    const cookie = await signIn();
    const response = await artwork({ intent: "logout" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
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
