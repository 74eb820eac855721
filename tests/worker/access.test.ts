// Who may read and change what. The admin routes are discovered from the production build's route
// manifest, so a new route file is covered the day it is added: unless it is on PUBLIC below, it must
// refuse a signed-out visitor. Forged sessions, cross-site writes and disguised uploads are refused too.
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cookieName } from "~/platform/cookie-names";
import { SESSION_MAX_MS } from "~/admin/sessions.server";
import { db } from "~/platform/db.server";
import { upsertEvents } from "~/events/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { upsertTestimonials } from "~/testimonials/queries.server";
import { postForm, postMultipart, signIn } from "./admin-helpers";
import { snapshotStorage } from "./storage-snapshot";
import { fetchApp, makeArtwork, TINY_JPEG } from "./helpers";
import { discoverRoutes, ID, IMAGE_KEY, PUBLIC } from "./route-discovery";

const database = db(env);

const ROUTES = discoverRoutes();
const ADMIN = ROUTES.filter((route) => !PUBLIC.has(route.id));

// Admin-only data, each with a marker that must never reach a signed-out visitor.
const SECRETS = ["secret-message-7f3a", "secret-testimonial-7f3a", "/secret-page-7f3a"];

// The union of every admin form's fields: whatever an action reads, it finds something plausible.
const ADMIN_FIELDS = {
  id: ID,
  artworkId: ID,
  step: "0",
  title: "Changed",
  description: "Changed",
  medium: "Oil",
  size: "1 x 1 cm",
  price: "1",
  available: "no",
  categories: "oil",
  removeImage: IMAGE_KEY,
  removeEvent: ID,
  name: "Changed",
  date: "2027-01-01",
  location: "Leeds",
};
const INTENTS = ["", "save", "delete", "approve", "disapprove", "retry", "handled", "unhandled", "copy", "upload"];

beforeEach(async () => {
  await upsertArtworks(database, [
    makeArtwork({ id: ID, imageUrls: [IMAGE_KEY, "https://res.cloudinary.com/amara/image/upload/v1/legacy.jpg"] }),
  ]);
  await upsertEvents(database, [{ id: ID, name: "Guarded Event", description: "d", date: "2027-03-03" }]);
  await upsertTestimonials(database, [{ id: ID, author: "G", message: SECRETS[1]!, approved: false }]);
  await env.DB.prepare(
    "insert or replace into messages (id, kind, name, email, message, status, attempts) values (?, 'contact', 'G', 'g@example.com', ?, 'failed', 1)",
  )
    .bind(ID, SECRETS[0])
    .run();
  await env.DB.prepare(
    "insert into page_views (path, visit_id, visitor, device) select ?, 'v', 'h', 'desktop' where not exists (select 1 from page_views where path = ?)",
  )
    .bind(SECRETS[2], SECRETS[2])
    .run();
  await env.IMAGES.put(IMAGE_KEY, TINY_JPEG);
});

function expectNoSecrets(body: string) {
  for (const secret of SECRETS) expect(body).not.toContain(secret);
  expect(body).not.toContain("Logout");
}

describe("route discovery", () => {
  it("finds the route files, and the allowlist names only routes that exist", () => {
    const ids = ROUTES.map((route) => route.id);
    for (const id of PUBLIC) expect(ids).toContain(id);
    // A sanity floor: the admin side has at least the dashboard and the forms.
    expect(ADMIN.map((route) => route.id)).toEqual(
      expect.arrayContaining(["routes/dashboard", "routes/createPost", "routes/edit.$id", "routes/events.edit.$id"]),
    );
    expect(ROUTES.find((route) => route.id === "routes/edit.$id")?.path).toBe(`/edit/${ID}`);
  });

  it("the markers are really there for the admin, so their absence below means something", async () => {
    const cookie = await signIn();
    const dashboard = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain(SECRETS[1]);
    const inbox = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    expect(inbox).toContain(SECRETS[0]);
    expect(dashboard).toContain("Logout");
    const analytics = await (await fetchApp("/analytics?range=1d", { headers: { Cookie: cookie } })).text();
    expect(analytics).toContain(SECRETS[2]);
  });
});

describe("every admin route, signed out", () => {
  for (const route of ADMIN.filter((r) => r.loader)) {
    it(`GET ${route.path} (${route.id}) asks for the passkey and shows no admin data`, async () => {
      const before = await snapshotStorage();
      const response = await fetchApp(route.path, { redirect: "manual" });
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(response.status).toBeLessThan(500);
      const html = await response.text();
      expectNoSecrets(html);
      if (route.page) {
        // Every admin page answers a visitor with the sign-in (or the form's Passkey field) instead.
        expect(response.status).toBe(200);
        expect(html).toMatch(/name="passkey"/);
      } else {
        // A download (the backup) sends the visitor to the dashboard's sign-in.
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/dashboard");
      }
      // The data request a client-side navigation makes leaks nothing either.
      const data = await fetchApp(`${route.path}.data`, { redirect: "manual" });
      expect(data.headers.get("Set-Cookie")).toBeNull();
      expectNoSecrets(await data.text());
      expect(await snapshotStorage()).toBe(before);
    });
  }

  for (const route of ADMIN.filter((r) => r.action)) {
    it(`POST ${route.path} (${route.id}) answers 4xx for every intent, sets no cookie and writes nothing`, async () => {
      const before = await snapshotStorage();
      const statuses: number[] = [];
      const check = async (response: Response) => {
        statuses.push(response.status);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("Set-Cookie")).toBeNull();
        expectNoSecrets(await response.text());
      };
      for (const intent of INTENTS) {
        for (const passkey of ["", "not-the-passkey"]) {
          await check(await postForm(route.path, { intent, passkey, ...ADMIN_FIELDS }));
        }
        await check(await postForm(`${route.path}.data`, { intent, ...ADMIN_FIELDS }));
        const form = new FormData();
        for (const [name, value] of Object.entries({ intent, ...ADMIN_FIELDS })) form.append(name, value);
        form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "sneaky.jpg");
        await check(await postMultipart(route.path, form));
      }
      // The guard itself answered, not only a form check that happened to fail first.
      expect(statuses).toContain(401);
      expect(await snapshotStorage()).toBe(before);
    });
  }

  it("signing in on /analytics comes back to the same range, and never to another site", async () => {
    const html = await (await fetchApp("/analytics?range=30d")).text();
    expect(html).toContain("Admin Access");
    expect(html).toContain('name="next" value="/analytics?range=30d"');
    // A wrong passkey there keeps the way back for the next try.
    const wrong = await postForm("/dashboard", { intent: "login", passkey: "nope", next: "/analytics?range=30d" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
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

/** A session cookie as the app would make it, but signed with `secrets` and carrying `data`. */
async function forgedCookie(secrets: string[], data: Record<string, unknown>): Promise<string> {
  const storage = createCookieSessionStorage({
    cookie: { name: cookieName("session", new Request("http://localhost/")), secrets, path: "/" },
  });
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) session.set(key, value);
  return (await storage.commitSession(session)).split(";")[0]!;
}

describe("a session cookie the server did not issue, or no longer honours", () => {
  const secrets = () => env.SESSION_SECRET.split(",").map((secret) => secret.trim());
  /** The session id inside a cookie the app issued. */
  const sidOf = (cookie: string) => {
    const payload = decodeURIComponent(cookie.split("=", 2)[1]!).split(".")[0]!;
    return (JSON.parse(atob(payload)) as { sid: string }).sid;
  };

  const forgeries: Array<[string, () => Promise<string>]> = [
    [
      "signed with another secret",
      async () => forgedCookie(["another-secret-0123456789abcdef"], { sid: sidOf(await signIn()) }),
    ],
    [
      "naming a session older than its longest life",
      async () => {
        const cookie = await signIn();
        const tooOld = Date.now() - SESSION_MAX_MS - 60_000;
        await env.DB.prepare("update admin_sessions set created_at = ? where id = ?").bind(tooOld, sidOf(cookie)).run();
        return cookie;
      },
    ],
    ["naming a session the server never started", () => forgedCookie(secrets(), { sid: "made-up-session-id" })],
    [
      "in the format before sessions were kept in D1",
      () => forgedCookie(secrets(), { admin: true, since: new Date().toISOString() }),
    ],
    [
      "copied before its browser signed out",
      async () => {
        const cookie = await signIn();
        expect((await postForm("/dashboard", { intent: "logout" }, { Cookie: cookie })).status).toBe(302);
        return cookie;
      },
    ],
    [
      "with a byte of the signature flipped",
      async () => {
        const [name, value] = (await signIn()).split("=", 2) as [string, string];
        const signed = decodeURIComponent(value);
        // Inside the signature: its last base64 character partly encodes padding bits that change nothing.
        const at = signed.lastIndexOf(".") + 3;
        const flipped = signed.slice(0, at) + (signed[at] === "A" ? "Q" : "A") + signed.slice(at + 1);
        return `${name}=${encodeURIComponent(flipped)}`;
      },
    ],
    [
      "with its payload changed to another session and the signature kept",
      async () => {
        const other = sidOf(await signIn());
        const [name, value] = (await signIn()).split("=", 2) as [string, string];
        const [, signature] = decodeURIComponent(value).split(".") as [string, string];
        return `${name}=${encodeURIComponent(`${btoa(JSON.stringify({ sid: other }))}.${signature}`)}`;
      },
    ],
  ];

  for (const [what, forge] of forgeries) {
    it(`${what}: the dashboard asks for the passkey and an admin action answers 401`, async () => {
      const cookie = await forge();
      const before = await snapshotStorage();
      const page = await fetchApp("/dashboard", { headers: { Cookie: cookie } });
      const html = await page.text();
      expect(html).toContain("Admin Access");
      expectNoSecrets(html);
      const response = await postForm("/dashboard", { intent: "approve", id: ID }, { Cookie: cookie });
      expect(response.status).toBe(401);
      expect(await snapshotStorage()).toBe(before);
    });
  }

  it("a cookie signed with the secret and naming a live session is honoured (the forgeries above differ only in what they claim)", async () => {
    const cookie = await forgedCookie(secrets(), { sid: sidOf(await signIn()) });
    expect(await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text()).toContain("Logout");
  });
});

describe("a write from another site", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  const crossSite: Array<[string, Record<string, string>]> = [
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["a look-alike Origin", { Origin: "https://art.example.evil.example" }],
    ["the null Origin of a sandboxed page", { Origin: "null" }],
    ["no Origin but Sec-Fetch-Site: cross-site", { Origin: "", "Sec-Fetch-Site": "cross-site" }],
  ];

  for (const route of ROUTES.filter((r) => r.action)) {
    it(`POST ${route.path} is refused with 403 even with the admin's cookie, writing nothing`, async () => {
      const before = await snapshotStorage();
      for (const [, headers] of crossSite) {
        const init = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers });
        if (headers.Origin === "") init.delete("Origin");
        const response = await fetchApp(route.path, {
          method: "POST",
          redirect: "manual",
          headers: init,
          body: new URLSearchParams({ intent: "approve", ...ADMIN_FIELDS, email: "x@example.com", message: "hi" }),
        });
        expect(response.status).toBe(403);
        expect(response.headers.get("Set-Cookie")).toBeNull();
      }
      expect(await snapshotStorage()).toBe(before);
    });
  }

  it("the request's own origin is accepted (the rule refuses only other sites)", async () => {
    const response = await postForm("/dashboard", { intent: "approve", id: ID }, { Cookie: cookie });
    expect(response.status).toBe(200);
  });
});

describe("uploads whose bytes are not an image", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  const text = (s: string) => new TextEncoder().encode(s);
  const disguises: Array<[string, Uint8Array<ArrayBuffer>, string, string]> = [
    ["notes.jpg", text("just some notes"), "image/jpeg", "a text file named .jpg"],
    ["page.png", text("<html><script>alert(1)</script></html>"), "image/png", "an HTML page named .png"],
    [
      "logo.svg",
      text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "image/svg+xml",
      "an SVG",
    ],
    ["scan.jpg", text("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "image/jpeg", "a PDF named .jpg"],
    ["photo.gif", Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), "image/gif", "a zip named .gif"],
    ["nearly.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), "image/png", "half a PNG signature"],
    ["empty.jpg", new Uint8Array(0), "image/jpeg", "an empty file with a name"],
  ];

  const targets = () => [
    { path: "/createPost", fields: { intent: "save", ...ADMIN_FIELDS } },
    { path: `/edit/${ID}`, fields: { intent: "save", ...ADMIN_FIELDS, removeImage: "" } },
    { path: "/migration-tool", fields: { intent: "upload", artworkId: ID, step: "0" } },
  ];

  for (const [filename, bytes, type, what] of disguises) {
    it(`${what} is refused on every upload form with 400, naming the file, and nothing is stored`, async () => {
      const before = await snapshotStorage();
      for (const { path, fields } of targets()) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        // A real image first: the refusal must also take back what was already stored.
        form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "good.jpg");
        form.append("images", new Blob([bytes], { type }), filename);
        const response = await postMultipart(path, form, { Cookie: cookie });
        expect(response.status, path).toBe(400);
        expect(await response.text()).toContain(`&quot;${filename}&quot; is not a JPEG, PNG, WebP, GIF or AVIF image.`);
      }
      expect(await snapshotStorage()).toBe(before);
    });
  }
});
