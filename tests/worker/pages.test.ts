import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { upsertEvents } from "~/events/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { SITE } from "~/ui/site";
import { fetchApp, TINY_JPEG } from "./helpers";
import { postForm, signIn } from "./admin-helpers";

const database = db(env);

beforeAll(async () => {
  await upsertArtworks(database, [
    {
      id: "sea-study",
      title: "Sea Study",
      description: "Waves.",
      medium: "Oil",
      categories: ["oil", "artwork print"],
      category: "oil",
      size: "30 x 30 cm",
      imageUrls: ["posts/1_sea.jpg"],
      createdAt: "2026-03-01T10:00:00.000Z",
      updatedAt: "2026-04-02T10:00:00.000Z",
    },
    {
      id: "old-hills",
      title: "Old Hills",
      description: "Hills.",
      medium: "Watercolour",
      categories: [],
      category: "watercolor",
      size: "A4",
      imageUrls: ["https://res.cloudinary.com/demo/image/upload/hills.jpg"],
      createdAt: "2025-01-05T10:00:00.000Z",
    },
  ]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("/events", () => {
  it("shows the empty state before any event exists", async () => {
    await env.DB.prepare("delete from events").run();
    const html = await (await fetchApp("/events")).text();
    expect(html).toContain("Check out upcoming events below!");
    expect(html).toContain("No Events Scheduled");
    expect(html).toContain("Check back soon for upcoming art events and exhibitions!");
  });

  it("gives statuses by the calendar day in London, at the day boundary, upcoming first", async () => {
    await upsertEvents(database, [
      { id: "e-past", name: "Yesterday Show", description: "d", date: "2026-06-30" },
      { id: "e-today", name: "Midsummer Market", description: "d", date: "2026-07-01", location: "Leeds" },
      { id: "e-next", name: "Next Week Fair", description: "d", date: "2026-07-08" },
    ]);
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-30T23:30:00Z"));

    const html = await (await fetchApp("/events")).text();
    const order = ["Next Week Fair", "Midsummer Market", "Yesterday Show"].map((name) => html.indexOf(name));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const card = (name: string) => html.slice(html.indexOf(name) - 400, html.indexOf(name));
    expect(card("Next Week Fair")).toContain("Upcoming");
    expect(card("Midsummer Market")).toContain("Today");
    expect(card("Yesterday Show")).toContain("Past Event");
    expect(html).toContain("Wednesday 1 July 2026");
  });
});

describe("/about", () => {
  it("has the spec's headings, six category cards and a closing quote", async () => {
    const response = await fetchApp("/about");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("About Me");
    expect(html).toContain("The Artist Behind the Canvas");
    expect(html).toContain("Explore My Art");
    for (const [query, title] of [
      ["oil", "Oil Paintings"],
      ["acrylic", "Acrylic Art"],
      ["watercolor", "Watercolors"],
      ["3d%20art", "3D Art"],
      ["artwork%20print", "Art Prints"],
      ["custom", "Custom Work"],
    ]) {
      expect(html).toMatch(new RegExp(`href="/gallery\\?category=${query}"[^>]*>.*?${title}`));
    }
    expect(html).toContain("Pablo Picasso");
    // The newest artwork of a category is its card's cover, including older category-only posts.
    expect(html).toContain("https://res.cloudinary.com/demo/image/upload/hills.jpg");
  });

  it("shows the portrait, and shares it, only once it is in R2 (a new site has none)", async () => {
    const portrait = `/images/${SITE.portraitKey}`;
    let html = await (await fetchApp("/about")).text();
    expect(html).not.toContain(portrait);
    expect(html).not.toContain("og:image");

    await env.IMAGES.put(SITE.portraitKey, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    // A portrait is put in R2 outside the site: the admin then refreshes the public pages.
    const cookie = await signIn();
    const refresh = () => postForm("/dashboard", { intent: "refresh-public-pages" }, { Cookie: cookie });
    expect((await refresh()).status).toBe(302);
    try {
      html = await (await fetchApp("/about")).text();
      expect(html).toContain(`<img src="${portrait}" alt="${SITE.artistName} at the easel in her studio"`);
      expect(html).toContain(`<meta property="og:image" content="https://art.example${portrait}"/>`);
    } finally {
      await env.IMAGES.delete(SITE.portraitKey);
    }
    // Taken out of R2 again, it goes at the next refresh: never a broken image.
    expect((await refresh()).status).toBe(302);
    html = await (await fetchApp("/about")).text();
    expect(html).not.toContain(portrait);
  });
});

describe("findability", () => {
  it("gives pages their own title, description and canonical URL from SITE_URL", async () => {
    const html = await (await fetchApp("/gallery?category=oil")).text();
    expect(html).toContain("<title>Oil Paintings | Shop | ");
    expect(html).toContain('<link rel="canonical" href="https://art.example/gallery?category=oil"/>');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });

  it("lists every public page, category and artwork in /sitemap.xml with lastmod", async () => {
    const response = await fetchApp("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/gallery", "/about", "/impact", "/events", "/testimonials", "/contact"]) {
      expect(xml).toContain(`<loc>https://art.example${path}</loc>`);
    }
    expect(xml).toContain("<loc>https://art.example/gallery?category=artwork%20print</loc>");
    expect(xml).toContain("<loc>https://art.example/post/sea-study</loc><lastmod>2026-04-02</lastmod>");
    expect(xml).toContain("<loc>https://art.example/post/old-hills</loc><lastmod>2025-01-05</lastmod>");
  });

  it("points crawlers to the sitemap and away from admin screens in /robots.txt", async () => {
    const text = await (await fetchApp("/robots.txt")).text();
    expect(text).toContain("Sitemap: https://art.example/sitemap.xml");
    expect(text).toContain("Disallow: /dashboard");
  });
});

describe("the Edit Event link", () => {
  it("appears on /events and the home page only with a valid admin session cookie, never for a forged one", async () => {
    await upsertEvents(database, [{ id: "e-edit", name: "Editable Fair", description: "d", date: "2027-02-02" }]);
    const { createAdminSession } = await import("~/admin/session.server");
    const { getLoadContext } = await import("../../load-context");
    const request = new Request("http://localhost/dashboard");
    const context = getLoadContext({ request, context: { cloudflare: { env } as never } });
    const cookie = (await createAdminSession(request, context, null)).getSetCookie()[0]!.split(";")[0]!;
    // Rendered afresh (a hard reload): the event was stored without a save's purge.
    const get = async (path: string, cookie?: string) =>
      (
        await fetchApp(path, { headers: { "Cache-Control": "no-cache", ...(cookie ? { Cookie: cookie } : {}) } })
      ).text();

    for (const path of ["/events", "/"]) {
      const visitor = await get(path);
      expect(visitor, path).toContain("Editable Fair");
      expect(visitor, path).not.toContain("Edit Event");

      const admin = await get(path, cookie);
      expect(admin, path).toContain('href="/events/edit/e-edit"');
      expect(admin, path).toContain("Edit Event");

      // Alter the signed payload (not the signature's last character, whose low bits base64 ignores).
      const at = cookie.indexOf("=") + 6;
      const forged = cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
      expect(await get(path, forged), path).not.toContain("Edit Event");
    }
  });
});

describe("the home page's Events section", () => {
  it("has the spec's subtitle and landing-style cards, each with a Learn more link to the event on /events", async () => {
    await upsertEvents(database, [{ id: "e-home", name: "Harewood Open Day", description: "d", date: "2027-01-20" }]);
    const html = await (await fetchApp("/", { headers: { "Cache-Control": "no-cache" } })).text();
    const section = html.slice(
      html.indexOf('id="events-title"'),
      html.indexOf("</section>", html.indexOf('id="events-title"')),
    );
    expect(section).toContain("Check out upcoming events below!");
    // Its text names the event (hidden from sight), so the link says where it goes out of context too.
    expect(section).toMatch(
      /<a class="button button--secondary event-card__more"[^>]*href="\/events#event-e-home">Learn more<span class="visually-hidden"> about <!-- -->Harewood Open Day<\/span><\/a>/,
    );
    // The anchor it names is the event's heading on /events.
    expect(await (await fetchApp("/events", { headers: { "Cache-Control": "no-cache" } })).text()).toContain(
      'id="event-e-home"',
    );
  });
});

/** The links inside the <nav> labelled `label`: each one's address and visible text. */
function navLinks(html: string, label: string): string[] {
  const start = html.indexOf(`aria-label="${label}"`);
  const nav = html.slice(start, html.indexOf("</nav>", start));
  return [...nav.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(
    ([, href, inner]) => `${inner!.replace(/<[^>]+>/g, "").trim()} ${href!.replace(/&amp;/g, "&")}`,
  );
}

describe("the spec's names, as visitors read them", () => {
  it("the navbar: Shop, Events, About Me, Contact and Testimonials, in that order", async () => {
    const html = await (await fetchApp("/")).text();
    expect(navLinks(html, "Main").filter((link) => !link.endsWith(" /"))).toEqual([
      "Shop /gallery",
      "Events /events",
      "About Me /about",
      "Contact /contact",
      "Testimonials /testimonials",
    ]);
  });

  it("the shop's tabs: All and the six categories, each a shareable link", async () => {
    const html = await (await fetchApp("/gallery")).text();
    expect(navLinks(html, "Categories")).toEqual([
      "All /gallery",
      "Oil /gallery?category=oil",
      "Acrylic /gallery?category=acrylic",
      "Watercolor /gallery?category=watercolor",
      "3D Art /gallery?category=3d%20art",
      "Artwork Print /gallery?category=artwork%20print",
      "Custom /gallery?category=custom",
    ]);
  });
});
