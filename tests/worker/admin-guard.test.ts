import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { listEvents, upsertEvents } from "~/models/events.server";
import { listAllTestimonials, upsertTestimonials } from "~/models/testimonials.server";
import { listMessages } from "~/models/messages.server";
import { listPosts, upsertPosts } from "~/models/posts.server";
import { postForm, postMultipart } from "./admin-helpers";
import { fetchApp, makePost, TINY_JPEG } from "./helpers";

const database = db(env);

const ARTWORK = { title: "X", description: "Y", medium: "Oil", size: "1 x 1 cm", price: "", available: "no" };

// Every admin action, as a signed-out client would send it (no session, no passkey).
const ADMIN_ACTIONS: Array<{ path: string; body: Record<string, string> }> = [
  { path: "/dashboard", body: { intent: "approve", id: "g-t" } },
  { path: "/dashboard", body: { intent: "disapprove", id: "g-t" } },
  { path: "/dashboard", body: { intent: "retry", id: "g-m" } },
  { path: "/dashboard", body: { intent: "handled", id: "g-m" } },
  { path: "/dashboard", body: { intent: "unhandled", id: "g-m" } },
  { path: "/create-event", body: { intent: "save", name: "X", description: "Y", date: "2027-01-01", location: "" } },
  { path: "/events/edit/g-e", body: { intent: "save", name: "X", description: "Y", date: "2027-01-01", location: "" } },
  { path: "/events/edit/g-e", body: { intent: "delete" } },
  { path: "/createPost", body: { intent: "save", ...ARTWORK, categories: "oil" } },
  { path: "/edit/g-p", body: { intent: "save", ...ARTWORK, categories: "oil", removeImage: "posts/1_g-p.jpg" } },
  { path: "/edit/g-p", body: { intent: "delete" } },
  { path: "/migration-tool", body: { intent: "copy", postId: "g-p", step: "0" } },
  { path: "/migration-tool", body: { intent: "upload", postId: "g-p", step: "0" } },
];

async function snapshot() {
  const images = (await env.IMAGES.list()).objects.map((object) => object.key);
  return JSON.stringify([
    await listEvents(database, "2026-11-21"),
    await listAllTestimonials(database),
    await listPosts(database),
    await listMessages(database),
    images,
  ]);
}

beforeEach(async () => {
  await upsertEvents(database, [{ id: "g-e", name: "Guarded", description: "d", date: "2027-03-03" }]);
  await upsertTestimonials(database, [{ id: "g-t", author: "G", message: "m", approved: false }]);
  await upsertPosts(database, [makePost({ id: "g-p" })]);
  await env.DB.prepare(
    "insert or replace into messages (id, kind, name, email, message, status, attempts) values ('g-m', 'contact', 'G', 'g@example.com', 'm', 'failed', 1)",
  ).run();
  await env.IMAGES.put("posts/1_g-p.jpg", TINY_JPEG);
});

describe("without a session", () => {
  for (const { path, body } of ADMIN_ACTIONS) {
    it(`POST ${path} (${body.intent}) answers 401 and changes nothing`, async () => {
      const before = await snapshot();
      const response = await postForm(path, body);
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await snapshot()).toBe(before);
    });
  }

  it("an artwork upload with images answers 401 and stores nothing", async () => {
    const before = await snapshot();
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", ...ARTWORK, categories: "oil" }))
      form.append(name, value);
    form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "sneaky.jpg");
    for (const path of ["/createPost", "/edit/g-p"]) {
      const response = await postMultipart(path, form);
      expect(response.status).toBe(401);
      expect(await snapshot()).toBe(before);
    }
  });

  it("the dashboard shows the sign-in form and none of the admin data", async () => {
    const html = await (await fetchApp("/dashboard")).text();
    expect(html).toContain("Admin Access");
    expect(html).not.toContain("Guarded");
    expect(html).not.toContain("Inbox");
  });

  it("/analytics shows the sign-in form and no figures", async () => {
    const html = await (await fetchApp("/analytics?range=30d")).text();
    expect(html).toContain("Admin Access");
    expect(html).not.toContain("Unique Visitors");
    // Signing in there comes back to the same range.
    expect(html).toContain('name="next" value="/analytics?range=30d"');
    // A wrong passkey there keeps the way back for the next try.
    const wrong = await postForm("/dashboard", { intent: "login", passkey: "nope", next: "/analytics?range=30d" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('name="next" value="/analytics?range=30d"');
    const right = await postForm("/dashboard", {
      intent: "login",
      passkey: env.ADMIN_PASSKEY,
      next: "/analytics?range=30d",
    });
    expect(right.headers.get("Location")).toBe("/analytics?range=30d");
    const elsewhere = await postForm("/dashboard", {
      intent: "login",
      passkey: env.ADMIN_PASSKEY,
      next: "/\t/evil.example",
    });
    expect(elsewhere.headers.get("Location")).toBe("/dashboard");
  });
});
