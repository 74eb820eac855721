// Public pages as shipped: shared between visitors, and purged by every write so that the next
// visitor sees the change. Most tests run through the stand-in (no Workers Cache here, as in
// wrangler dev); "at the edge" runs server.ts with a `ctx.cache` that records the purges Workers Cache
// would get, and checks the headers it would read.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { upsertEvents } from "~/events/queries.server";
import { db } from "~/platform/db.server";
import { purgeSql, recordPurge } from "~/public-cache/purge.server";
import { servePublic } from "~/public-cache/serve.server";
import { BROWSER_CACHE_CONTROL } from "~/platform/cache-control";
import { upsertTestimonials } from "~/testimonials/queries.server";
import worker from "../../server";
import { artworkForm, jpeg, postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, ORIGIN } from "./helpers";

const database = db(env);
let cookie: string;

beforeAll(async () => {
  cookie = await signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A visitor's GET: no cookie. */
async function visit(path: string) {
  const response = await fetchApp(path);
  return { status: response.status, html: await response.text(), cache: response.headers.get("Cf-Cache-Status") };
}

/** Visits `path` until the cache serves it, so that a stale copy would be served after a write. */
async function warm(path: string): Promise<string> {
  await visit(path);
  const second = await visit(path);
  expect(second.cache, `GET ${path} is served from the cache the second time`).toBe("HIT");
  return second.html;
}

const fields = { title: "Moor Light", description: "Ilkley Moor.", medium: "Oil", size: "A3", available: "yes" };

describe("shared public pages", () => {
  it("serve a visitor's second request from the cache, tell browsers to ask again, and never serve the admin from it", async () => {
    await upsertArtworks(database, [makeArtwork({ id: "shared-1", title: "Shared Harbour", category: "watercolor" })]);
    const path = "/gallery?category=watercolor";
    expect((await visit(path)).cache).toBe("MISS");
    const hit = await fetchApp(path);
    expect(hit.headers.get("Cf-Cache-Status")).toBe("HIT");
    expect(hit.headers.get("Cache-Control")).toBe(BROWSER_CACHE_CONTROL);
    expect(hit.headers.get("Set-Cookie")).toBeNull();
    // What only Cloudflare reads never reaches the visitor.
    expect(hit.headers.get("Cache-Tag")).toBeNull();
    expect(hit.headers.get("Cloudflare-CDN-Cache-Control")).toBeNull();
    expect(await hit.text()).toContain("Shared Harbour");

    const admin = await fetchApp(path, { headers: { Cookie: cookie } });
    expect(admin.headers.get("Cf-Cache-Status")).toBeNull();
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("show a new artwork on the home page, the gallery, the about page and the sitemap at once", async () => {
    for (const path of ["/", "/gallery", "/gallery?category=custom", "/about", "/sitemap.xml"]) await warm(path);
    const created = await postMultipart(
      "/createPost",
      artworkForm({ intent: "save", ...fields }, ["custom"], [jpeg("moor.jpg")]),
      { Cookie: cookie },
    );
    expect(created.status).toBe(302);
    const gallery = await visit("/gallery?category=custom");
    expect(gallery.cache).toBe("MISS");
    expect(gallery.html).toContain("Moor Light");
    expect((await visit("/")).html).toContain("Moor Light");
    expect((await visit("/gallery")).html).toContain("Moor Light");
    const [{ id }] = (await database.all(`select id from posts where title = 'Moor Light'`)) as [{ id: string }];
    expect((await visit("/sitemap.xml")).html).toContain(`/post/${id}</loc>`);
    // The new artwork is the custom category's only one, so its cover on the about page.
    expect((await visit("/about")).html).toMatch(/posts\/\d+_moor/);
  });

  it("show an edited title, a sold mark and a removed image on the artwork's page and in the gallery at once", async () => {
    await upsertArtworks(database, [
      makeArtwork({
        id: "edit-me",
        title: "Before Edit",
        category: "acrylic",
        imageUrls: ["posts/1_first.jpg", "posts/2_second.jpg"],
      }),
    ]);
    expect(await warm("/post/edit-me")).toContain("posts/2_second.jpg");
    await warm("/gallery?category=acrylic");
    const edited = await postMultipart(
      "/edit/edit-me",
      artworkForm(
        { intent: "save", ...fields, title: "After Edit", available: "no", removeImage: "posts/2_second.jpg" },
        ["acrylic"],
      ),
      { Cookie: cookie },
    );
    expect(edited.status).toBe(200);
    const page = await visit("/post/edit-me");
    expect(page.cache).toBe("MISS");
    expect(page.html).toContain("After Edit");
    expect(page.html).toContain("Sold");
    expect(page.html).not.toContain("posts/2_second.jpg");
    const gallery = (await visit("/gallery?category=acrylic")).html;
    expect(gallery).toContain("After Edit");
    expect(gallery).not.toContain("Before Edit");
  });

  it("take a deleted artwork off its page and the gallery at once", async () => {
    await upsertArtworks(database, [makeArtwork({ id: "delete-me", title: "Soon Gone", category: "charcoal" })]);
    await warm("/post/delete-me");
    expect(await warm("/gallery?category=charcoal")).toContain("Soon Gone");
    const deleted = await postMultipart("/edit/delete-me", artworkForm({ intent: "delete" }, []), { Cookie: cookie });
    expect(deleted.status).toBe(302);
    expect((await visit("/post/delete-me")).status).toBe(404);
    expect((await visit("/gallery?category=charcoal")).html).not.toContain("Soon Gone");
  });

  it("show a created, edited and deleted event on /events and the home page at once", async () => {
    const event = { name: "Otley Show", description: "Stall 4.", date: "2099-05-01", location: "Otley" };
    await warm("/events");
    await warm("/");
    expect((await postForm("/create-event", { intent: "save", ...event }, { Cookie: cookie })).status).toBe(302);
    expect((await visit("/events")).html).toContain("Otley Show");
    expect((await visit("/")).html).toContain("Otley Show");

    const [{ id }] = (await database.all(`select id from events where name = 'Otley Show'`)) as [{ id: string }];
    await warm("/events");
    const renamed = await postForm(
      `/events/edit/${id}`,
      { intent: "save", ...event, name: "Otley Fair" },
      { Cookie: cookie },
    );
    expect(renamed.status).toBe(200);
    expect((await visit("/events")).html).toContain("Otley Fair");

    await warm("/events");
    expect((await postForm(`/events/edit/${id}`, { intent: "delete" }, { Cookie: cookie })).status).toBe(302);
    expect((await visit("/events")).html).not.toContain("Otley Fair");
  });

  it("show an approved testimonial at once, and hide it at once when disapproved", async () => {
    await upsertTestimonials(database, [
      { id: "t-cache", author: "Ruth", message: "A lovely seascape.", approved: false },
    ]);
    expect(await warm("/testimonials")).not.toContain("A lovely seascape.");
    expect((await postForm("/dashboard", { intent: "approve", id: "t-cache" }, { Cookie: cookie })).status).toBe(200);
    expect((await visit("/testimonials")).html).toContain("A lovely seascape.");
    await warm("/testimonials");
    expect((await postForm("/dashboard", { intent: "disapprove", id: "t-cache" }, { Cookie: cookie })).status).toBe(
      200,
    );
    expect((await visit("/testimonials")).html).not.toContain("A lovely seascape.");
  });

  it("show a migrated artwork's new image at once", async () => {
    await upsertArtworks(database, [
      makeArtwork({ id: "migrate-me", imageUrls: ["https://res.cloudinary.com/demo/image/upload/old.jpg"] }),
    ]);
    expect(await warm("/post/migrate-me")).toContain("res.cloudinary.com/demo/image/upload/old.jpg");
    const form = new FormData();
    form.set("artworkId", "migrate-me");
    form.set("step", "0");
    form.set("intent", "upload");
    form.append(...jpeg("moved.jpg"));
    expect((await postMultipart("/migration-tool", form, { Cookie: cookie })).status).toBe(302);
    const page = await visit("/post/migrate-me");
    expect(page.html).toMatch(/posts\/\d+_moved\.jpg/);
    expect(page.html).not.toContain("old.jpg");
  });

  it("show changes made outside the site once the admin presses Refresh Public Pages", async () => {
    await warm("/events");
    await upsertEvents(database, [{ id: "outside", name: "Made Elsewhere", description: "d", date: "2099-01-02" }]);
    expect((await visit("/events")).html).not.toContain("Made Elsewhere");
    const refreshed = await postForm("/dashboard", { intent: "refresh-public-pages" }, { Cookie: cookie });
    expect(refreshed.status).toBe(302);
    expect(refreshed.headers.get("Location")).toBe("/dashboard?notice=pages-refreshed");
    expect((await visit("/events")).html).toContain("Made Elsewhere");
  });

  it("show an import at once: its SQL records the purge the stand-in reads", async () => {
    expect(await warm("/gallery?category=ink")).not.toContain("Imported Ink");
    await upsertArtworks(database, [makeArtwork({ id: "imported", title: "Imported Ink", category: "ink" })]);
    await env.DB.prepare(purgeSql(["site"])).run();
    expect((await visit("/gallery?category=ink")).html).toContain("Imported Ink");
  });

  it("never keep a page whose render began before a write that purged it", async () => {
    const storage = (caches as unknown as { default: Cache }).default;
    const options = { seconds: 300, atEdge: false, storage, database, renderDatabase: database, version: "race-test" };
    const request = () => new Request(`${ORIGIN}/gallery?category=mixed-media`);
    let shown = "old";
    const renderDuringWrite = async () => {
      const html = `<p>${shown}</p>`;
      // The write commits and purges after this render read its data.
      shown = "new";
      await recordPurge(database, ["artworks"]);
      return new Response(html, { headers: { "Content-Type": "text/html" } });
    };
    const render = async () => new Response(`<p>${shown}</p>`, { headers: { "Content-Type": "text/html" } });
    expect(await (await servePublic(request(), options, renderDuringWrite)).text()).toBe("<p>old</p>");
    const next = await servePublic(request(), options, render);
    expect(next.headers.get("Cf-Cache-Status")).toBe("MISS");
    expect(await next.text()).toBe("<p>new</p>");
    expect((await servePublic(request(), options, render)).headers.get("Cf-Cache-Status")).toBe("HIT");
  });

  it("never store a missing page, an answer to a form, or anything for the admin", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await fetchApp("/post/no-such-artwork");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("Cf-Cache-Status")).toBeNull();
      expect(missing.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const dashboard = await fetchApp("/dashboard");
    expect(dashboard.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

/** What Workers Cache would be asked to purge, and whether it agrees. */
function edgeCache(answer: CachePurgeResult = { success: true, errors: [] }) {
  const purges: CachePurgeOptions[] = [];
  const cache: CacheContext = {
    purge: async (options) => (purges.push(options), answer),
    invalidate: async () => answer,
  };
  return { cache, purges };
}

/** A whole request through server.ts as production runs it, with Workers Cache in front. */
async function atEdge(cache: CacheContext, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN), { redirect: "manual", ...init });
  request.headers.set("Host", new URL(ORIGIN).host);
  if (request.method !== "GET") request.headers.set("Origin", ORIGIN);
  const withCache = {
    waitUntil: (work: Promise<unknown>) => ctx.waitUntil(work),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: {},
    cache,
  } as unknown as ExecutionContext;
  // Each purge is sent again a second later (production: PURGE_REPEAT_SECONDS, 10).
  const response = await worker.fetch(request as never, { ...env, PURGE_REPEAT_SECONDS: "1" } as Env, withCache);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("at the edge (Workers Cache)", () => {
  it("gives a public page the headers Workers Cache reads, and the admin none", async () => {
    const { cache } = edgeCache();
    const gallery = await atEdge(cache, "/gallery");
    expect(gallery.headers.get("Cache-Control")).toBe(BROWSER_CACHE_CONTROL);
    expect(gallery.headers.get("Cloudflare-CDN-Cache-Control")).toBe("public, max-age=300");
    expect(gallery.headers.get("Cache-Tag")).toBe("site,artworks,prices");
    expect(gallery.headers.get("Vary")).toMatch(/\bCookie\b/);
    // Workers Cache answers hits itself: the Worker adds no cache status of its own.
    expect(gallery.headers.get("Cf-Cache-Status")).toBeNull();

    await upsertArtworks(database, [makeArtwork({ id: "edge-1" })]);
    expect((await atEdge(cache, "/post/edge-1")).headers.get("Cache-Tag")).toBe("site,artwork:edge-1,prices,charities");
    expect((await atEdge(cache, "/post/edge-1.data")).headers.get("Cache-Tag")).toBe(
      "site,artwork:edge-1,prices,charities",
    );
    expect((await atEdge(cache, "/")).headers.get("Cache-Tag")).toBe("site,artworks,events,prices");

    const admin = await atEdge(cache, "/gallery", { headers: { Cookie: cookie } });
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
    expect(admin.headers.get("Cache-Tag")).toBeNull();
    expect((await atEdge(cache, "/post/missing")).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("purges exactly what each write changed, and records nothing for the stand-in", async () => {
    const { cache, purges } = edgeCache();
    const before = await database.all(`select tag, seq from public_cache_purges order by tag`);
    await upsertTestimonials(database, [{ id: "t-edge", author: "Ann", message: "Lovely.", approved: false }]);
    await atEdge(cache, "/dashboard", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ intent: "approve", id: "t-edge" }),
    });
    // Sent again after a render that began before the write could have been stored.
    expect(purges).toEqual([{ tags: ["testimonials"] }, { tags: ["testimonials"] }]);

    await env.IMAGES.put("posts/9_edge gone.jpg", new Uint8Array([1]));
    await upsertArtworks(database, [makeArtwork({ id: "edge-delete", imageUrls: ["posts/9_edge gone.jpg"] })]);
    purges.length = 0;
    await atEdge(cache, "/edit/edge-delete", {
      method: "POST",
      headers: { Cookie: cookie },
      body: artworkForm({ intent: "delete" }, []),
    });
    // The pages in one call, the image in another, each sent again later.
    const pages = { tags: ["artworks", "artwork:edge-delete"] };
    const image = { tags: ["image:posts%2f9_edge%20gone.jpg"] };
    expect(purges).toEqual([pages, image, pages, image]);
    expect(await getArtwork(database, "edge-delete")).toBeUndefined();

    purges.length = 0;
    await atEdge(cache, "/dashboard", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ intent: "refresh-public-pages" }),
    });
    expect(purges).toEqual([{ purgeEverything: true }, { purgeEverything: true }]);
    expect(await database.all(`select tag, seq from public_cache_purges order by tag`)).toEqual(before);
  });

  it("tags an image so that deleting it from an artwork purges the edge's year-long copy", async () => {
    const { cache } = edgeCache();
    await env.IMAGES.put("posts/7_tagged.jpg", new Uint8Array([1]), { httpMetadata: { contentType: "image/jpeg" } });
    const image = await atEdge(cache, "/images/posts/7_tagged.jpg");
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("Cache-Tag")).toBe("image:posts%2f7_tagged.jpg");
  });

  it("keeps a saved write saved when the purge is refused, and says so in the log", async () => {
    const { cache } = edgeCache({ success: false, errors: [{ code: 1015, message: "rate limited" }] });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await upsertTestimonials(database, [{ id: "t-refused", author: "Bo", message: "Great.", approved: false }]);
    const response = await atEdge(cache, "/dashboard", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ intent: "approve", id: "t-refused" }),
    });
    expect(response.status).toBe(200);
    expect(logged).toHaveBeenCalledWith("Purging public pages failed:", JSON.stringify({ tags: ["testimonials"] }), [
      { code: 1015, message: "rate limited" },
    ]);
  });
});
