// The artist's side of the shop: drafts she prepares before showing them, the order of the shop, and
// the works she features on the home page. Everything goes through the forms and actions she uses, and
// is read back as visitors get it: through the shared public cache, purged by each save.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, galleryHref } from "~/artworks/categories";
import { upsertArtworks } from "~/artworks/queries.server";
import { artworks } from "~/artworks/schema";
import { db } from "~/platform/db.server";
import { artworkForm, jpeg, postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork } from "./helpers";
import { discoverRoutes, PUBLIC } from "./route-discovery";

const database = db(env);
let cookie: string;

beforeAll(async () => {
  cookie = await signIn();
});

/** A visitor's GET: no cookie, through the shared cache. */
async function visit(path: string) {
  const response = await fetchApp(path);
  return { status: response.status, html: await response.text(), cache: response.headers.get("Cf-Cache-Status") };
}

const fields = (title: string) => ({
  title,
  description: `About ${title}.`,
  medium: "Oil",
  size: "A3",
  available: "yes",
});

/** Creates an artwork through the create form, as the admin; returns its id. */
async function create(title: string, category: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await postMultipart(
    "/createPost",
    artworkForm({ intent: "save", ...fields(title), ...extra }, [category], [jpeg(`${title}.jpg`)]),
    { Cookie: cookie },
  );
  expect(response.status, `creating ${title}`).toBe(302);
  const [{ id }] = (await database.all(`select id from posts where title = '${title}'`)) as [{ id: string }];
  return id;
}

/** Saves the edit form of artwork `id` as the admin, with `extra` ticked (draft, featured). */
async function edit(id: string, title: string, category: string, extra: Record<string, string> = {}) {
  const response = await postMultipart(
    `/edit/${id}`,
    artworkForm({ intent: "save", ...fields(title), ...extra }, [category], []),
    { Cookie: cookie },
  );
  expect(response.status, `saving ${title}`).toBe(200);
  expect(await response.text()).toContain("Post updated successfully!");
}

/** The artwork titles a page lists, in order, among `titles`. */
function order(html: string, titles: string[]): string[] {
  return titles
    .map((title) => ({ title, at: html.indexOf(`>${title}<`) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ title }) => title);
}

function move(id: string, direction: "up" | "down") {
  return postForm("/shop-order", { id, direction }, { Cookie: cookie });
}

describe("drafts", () => {
  it("keep an artwork and an event off every public page, the sitemap and JSON-LD; its page is 404 to visitors (never stored) and a preview for the admin; unticked, it shows at once", async () => {
    const shown = await create("Open Harbour", "custom");
    // Every public page that lists artworks is stored in the shared cache first: the draft must not
    // appear there either once it is published and purged, nor before.
    const listings = ["/", "/gallery", "/about", "/sitemap.xml", ...CATEGORIES.map((c) => galleryHref(c))];
    for (const path of listings) await visit(path);
    const id = await create("Secret Sketch", "custom", { draft: "on" });
    const event = await postForm(
      "/create-event",
      { intent: "save", name: "Hidden Fair", description: "Not yet.", date: "2099-01-02", location: "", draft: "on" },
      { Cookie: cookie },
    );
    expect(event.status).toBe(302);

    const publicPaths = discoverRoutes()
      .filter((route) => PUBLIC.has(route.id) && route.loader)
      .map((route) => route.path);
    const paths = [...new Set([...publicPaths, ...listings, "/events", "/_root.data", "/gallery.data"])];
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const { html } = await visit(path);
      expect(html, path).not.toContain("Secret Sketch");
      expect(html, path).not.toContain(id);
      expect(html, path).not.toContain("Hidden Fair");
    }
    expect((await visit("/gallery?category=custom")).html).toContain("Open Harbour");
    expect((await visit("/sitemap.xml")).html).toContain(`/post/${shown}<`);

    // To a visitor the draft does not exist, and its 404 is never stored.
    for (let i = 0; i < 2; i++) {
      const page = await visit(`/post/${id}`);
      expect(page.status).toBe(404);
      expect(page.cache).not.toBe("HIT");
      expect(page.html).toContain("Artwork not found");
    }
    const enquiry = await postForm(`/post/${id}`, {
      fullName: "A Visitor",
      email: "visitor@example.com",
      address: "1 Road",
      message: "Is it for sale?",
    });
    expect(enquiry.status).toBe(404);

    // The admin previews it: marked, with no structured data for search engines.
    const preview = await fetchApp(`/post/${id}`, { headers: { Cookie: cookie } });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Draft preview.");
    expect(previewHtml).toContain("Secret Sketch");
    expect(previewHtml).not.toContain("application/ld+json");
    expect(previewHtml).toContain('content="noindex"');
    const dashboard = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toMatch(
      /Secret Sketch<\/h3><p class="admin-card__facts">[^<]*<\/p><p class="admin-card__marks">(<span[^>]*>[^<]*<\/span>)*<span class="badge badge--draft">Draft/,
    );
    expect(dashboard).toMatch(/Hidden Fair[\s\S]*?<\/h3>/);
    expect(dashboard).toContain("badge badge--draft event-card__draft");

    // Unticked and saved: the next visitor sees it everywhere, the cached pages purged by the save.
    await edit(id, "Secret Sketch", "custom");
    const gallery = await visit("/gallery?category=custom");
    expect(gallery.cache).toBe("MISS");
    expect(gallery.html).toContain("Secret Sketch");
    expect((await visit("/gallery")).html).toContain("Secret Sketch");
    expect((await visit("/")).html).toContain("Secret Sketch");
    expect((await visit("/sitemap.xml")).html).toContain(`/post/${id}<`);
    const page = await visit(`/post/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("application/ld+json");
    expect(page.html).not.toContain("Draft preview.");
  });

  it("keep what was typed, the Draft and Featured ticks included, when the form is refused", async () => {
    const response = await postMultipart(
      "/createPost",
      artworkForm(
        { intent: "save", ...fields("Half Done"), size: "", draft: "on", featured: "on" },
        ["oil"],
        [jpeg("half.jpg")],
      ),
      { Cookie: cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<input type="checkbox" name="draft"[^>]* checked=""/);
    expect(html).toMatch(/<input type="checkbox" name="featured"[^>]* checked=""/);
    expect(html).toContain('value="Half Done"');
  });
});

describe("the shop order", () => {
  const category = "3d art";
  const tab = galleryHref(category);
  const titles = ["Clay One", "Clay Two", "Clay Three", "Old Clay"];

  it("puts new works on top, moves one place at a time in the gallery, its tab, the dashboard and the home page, and features works first on the home page", async () => {
    // The shop holds only these, so that each move is between two of them.
    await database.delete(artworks);
    // An imported work (position 0, as `npm run import` leaves it) sits below those placed by the artist.
    await upsertArtworks(database, [
      makeArtwork({
        id: "old-clay",
        title: "Old Clay",
        category,
        categories: [category],
        createdAt: "2099-01-01T00:00:00.000Z",
      }),
    ]);
    const one = await create("Clay One", category);
    await create("Clay Two", category);
    const three = await create("Clay Three", category);
    for (const path of [tab, "/gallery", "/"]) await visit(path);
    expect(order((await visit(tab)).html, titles)).toEqual(["Clay Three", "Clay Two", "Clay One", "Old Clay"]);

    // Move up, as the button posts it: the next visitor gets the new order from every list.
    expect((await move(one, "up")).status).toBe(200);
    const after = ["Clay Three", "Clay One", "Clay Two", "Old Clay"];
    const moved = await visit(tab);
    expect(moved.cache).toBe("MISS");
    expect(order(moved.html, titles)).toEqual(after);
    expect(order((await visit("/gallery")).html, titles)).toEqual(after);
    expect(order((await visit("/")).html, titles)).toEqual(after);
    for (const admin of ["/dashboard?q=clay", "/shop-order"]) {
      const html = await (await fetchApp(admin, { headers: { Cookie: cookie } })).text();
      expect(order(html, titles), admin).toEqual(after);
    }

    // The imported work moves like any other, and the top one cannot go higher.
    expect((await move("old-clay", "up")).status).toBe(200); // Three, One, Old, Two
    expect((await move(three, "down")).status).toBe(200); // One, Three, Old, Two
    expect((await move(one, "up")).status).toBe(200);
    expect(order((await visit(tab)).html, titles)).toEqual(["Clay One", "Clay Three", "Old Clay", "Clay Two"]);
    expect((await move("nope", "up")).status).toBe(404);

    // A drop names the place it landed on (1 is the top): the others close up around it.
    const drop = (id: string, place: string) => postForm("/shop-order", { id, place }, { Cookie: cookie });
    expect((await drop(one, "3")).status).toBe(200);
    expect(order((await visit(tab)).html, titles)).toEqual(["Clay Three", "Old Clay", "Clay One", "Clay Two"]);
    expect((await drop(one, "1")).status).toBe(200);
    expect(order((await visit(tab)).html, titles)).toEqual(["Clay One", "Clay Three", "Old Clay", "Clay Two"]);
    expect((await drop(one, "0")).status).toBe(400);
    expect((await drop(one, "top")).status).toBe(400);

    // A featured work leads the home page, whatever its place in the shop; the shop keeps its order.
    await edit("old-clay", "Old Clay", category, { featured: "on" });
    const home = await visit("/");
    expect(home.html.indexOf(">Old Clay<")).toBeGreaterThan(0);
    expect(home.html.indexOf(">Old Clay<")).toBeLessThan(home.html.indexOf(">Clay One<"));
    expect(order((await visit(tab)).html, titles)).toEqual(["Clay One", "Clay Three", "Old Clay", "Clay Two"]);
  });

  it("lists the whole shop on the Shop Order page with the moves each row can make, drafts marked, and only for the admin", async () => {
    const html = await (await fetchApp("/shop-order", { headers: { Cookie: cookie } })).text();
    const buttons = [...html.matchAll(/<button type="submit" name="direction" value="(?:up|down)"[^>]*>/g)].map(
      ([button]) => button,
    );
    expect(buttons).toHaveLength(8);
    // The first cannot go up, the last cannot go down; every other move is offered.
    expect(buttons.map((button) => button.includes('disabled=""'))).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(html).toContain('aria-label="Move up: Clay Three"');
    const signedOut = await fetchApp("/shop-order");
    expect(await signedOut.text()).toContain("Admin Access");
    expect((await postForm("/shop-order", { id: "old-clay", direction: "down" })).status).toBe(401);
  });
});
