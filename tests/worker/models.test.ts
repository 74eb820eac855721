import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import type { NewArtwork } from "~/artworks/schema";
import { putImage, serveImage } from "~/images/storage.server";
import { getAboutPageData } from "~/site/about.server";
import { eventNamesByIds, listEvents, upsertEvents } from "~/events/queries.server";
import { messagesPage, storeMessageWithinCap } from "~/messages/queries.server";
import { getAppEnv } from "~/platform/env.server";
import { countArtworks, getArtwork, listArtworks, upsertArtworks } from "~/artworks/queries.server";
import { listApprovedTestimonials, testimonialsPage, upsertTestimonials } from "~/testimonials/queries.server";
import { TINY_JPEG } from "./helpers";

const database = db(env);

function artwork(id: string, overrides: Partial<NewArtwork> = {}): NewArtwork {
  return {
    id,
    title: `Painting ${id}`,
    description: "Oil on canvas, painted in Leeds.",
    medium: "Oil",
    categories: ["oil"],
    category: "oil",
    size: "40 x 30 cm",
    price: "150",
    imageUrls: [`posts/1_${id}.jpg`],
    available: "yes",
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("artworks in D1", () => {
  // Before each test, so each sees the same three posts whatever ran before it.
  beforeEach(async () => {
    await upsertArtworks(database, [
      artwork("newest", {
        categories: ["acrylic", "artwork print"],
        category: "acrylic",
        createdAt: "2026-03-01T00:00:00.000Z",
      }),
      artwork("middle", { createdAt: "2026-02-01T00:00:00.000Z", price: null, available: "no" }),
      // An older post that has only `category`.
      artwork("legacy", { categories: [], category: "watercolor", createdAt: "2025-01-01T00:00:00.000Z" }),
    ]);
  });

  it("lists newest first and keeps JSON arrays intact", async () => {
    const all = await listArtworks(database);
    expect(all.map((p) => p.id)).toEqual(["newest", "middle", "legacy"]);
    expect(all[0]?.categories).toEqual(["acrylic", "artwork print"]);
    expect(all[1]?.price).toBeNull();
  });

  it("filters by any of an artwork's categories, and by the single category of older artworks", async () => {
    expect((await listArtworks(database, { category: "artwork print" })).map((p) => p.id)).toEqual(["newest"]);
    expect((await listArtworks(database, { category: "watercolor" })).map((p) => p.id)).toEqual(["legacy"]);
    expect(await listArtworks(database, { category: "custom" })).toEqual([]);
  });

  it("gives each category the image of its newest artwork that has one, as a thumbnail when made", async () => {
    await upsertArtworks(database, [
      artwork("imageless-newer", { imageUrls: [], createdAt: "2026-04-01T00:00:00.000Z" }),
      artwork("oil-with-thumbnail", {
        createdAt: "2026-01-15T00:00:00.000Z",
        imageCopies: { "posts/1_oil-with-thumbnail.jpg": { thumbnail: { key: "posts/t.webp", width: 480 } } },
      }),
    ]);
    const { covers } = await getAboutPageData(database);
    // "middle" (February) is the newest oil painting with an image; the April post has none.
    expect(covers.oil).toBe("posts/1_middle.jpg");
    expect(covers.acrylic).toBe("posts/1_newest.jpg");
    expect(covers["artwork print"]).toBe("posts/1_newest.jpg");
    expect(covers.watercolor).toBe("posts/1_legacy.jpg");
    expect(covers.custom).toBeNull();
    await upsertArtworks(database, [artwork("middle", { createdAt: "2026-02-01T00:00:00.000Z", imageUrls: [] })]);
    expect((await getAboutPageData(database)).covers.oil).toBe("posts/t.webp");
    await env.DB.prepare("delete from posts where id in ('imageless-newer', 'oil-with-thumbnail')").run();
    await upsertArtworks(database, [
      artwork("middle", { createdAt: "2026-02-01T00:00:00.000Z", price: null, available: "no" }),
    ]);
  });

  it("upserts by id instead of duplicating", async () => {
    await upsertArtworks(database, [artwork("middle", { title: "Renamed", createdAt: "2026-02-01T00:00:00.000Z" })]);
    expect(await countArtworks(database)).toBe(3);
    expect((await getArtwork(database, "middle"))?.title).toBe("Renamed");
  });
});

describe("events, testimonials and messages in D1", () => {
  it("orders events upcoming first (soonest first), then today and past (most recent first)", async () => {
    await upsertEvents(database, [
      { id: "past", name: "Past", description: "d", date: "2026-10-01" },
      { id: "later", name: "Later", description: "d", date: "2027-01-10" },
      { id: "today", name: "Today", description: "d", date: "2026-11-21" },
      { id: "soon", name: "Soon", description: "d", date: "2026-12-01" },
      { id: "long-ago", name: "Long ago", description: "d", date: "2025-05-05" },
    ]);
    const events = await listEvents(database, "2026-11-21");
    expect(events.map((e) => e.id)).toEqual(["soon", "later", "today", "past", "long-ago"]);
    // The home page's three: the same order, cut by the database.
    const next = await listEvents(database, "2026-11-21", { limit: 3 });
    expect(next.map((e) => e.id)).toEqual(["soon", "later", "today"]);
  });

  it("names events by id in statements D1 accepts, however many ids an artwork lists", async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: `named-${i}`,
      name: `Show ${i}`,
      description: "d",
      date: "2027-02-02",
    }));
    for (let at = 0; at < many.length; at += 20) await upsertEvents(database, many.slice(at, at + 20));
    const ids = [...many.map((event) => event.id), "named-0", "An old fair, by name"];
    const names = await eventNamesByIds(database, ids);
    expect(names.size).toBe(150);
    expect(names.get("named-149")).toBe("Show 149");
    expect(names.has("An old fair, by name")).toBe(false);
    expect((await eventNamesByIds(database, [])).size).toBe(0);
    await env.DB.prepare("delete from events where id like 'named-%'").run();
  });

  it("shows visitors only approved testimonials", async () => {
    await upsertTestimonials(database, [
      { id: "t1", author: "Ann", message: "Lovely", approved: true, createdAt: "2026-01-01T00:00:00.000Z" },
      { id: "t2", author: "Bob", message: "Pending", approved: false, createdAt: "2026-02-01T00:00:00.000Z" },
    ]);
    expect((await listApprovedTestimonials(database)).map((t) => t.author)).toEqual(["Ann"]);
    const page = await testimonialsPage(database, "received", 1);
    expect(page.rows.map((t) => t.author)).toEqual(["Bob", "Ann"]);
    expect([page.paging.total, page.pending]).toEqual([2, 1]);
  });

  it("stores a message as pending with no attempts", async () => {
    const { message: stored } = (await storeMessageWithinCap(database, getAppEnv(env), {
      kind: "enquiry",
      artworkId: "newest",
      artworkTitle: "Painting newest",
      name: "Visitor",
      email: "visitor@example.com",
      address: "1 Park Lane, Leeds",
      message: "Is it still available?",
    }))!;
    expect(stored).toMatchObject({ status: "pending", attempts: 0, kind: "enquiry" });
    expect((await messagesPage(database, "received", 1)).rows[0]?.id).toBe(stored.id);
  });
});

describe("images in R2", () => {
  it("serves a stored image with its type and answers 304 to a matching If-None-Match", async () => {
    await putImage(env.IMAGES, "posts/1_tiny.jpg", TINY_JPEG, "image/jpeg");
    const first = await serveImage(env.IMAGES, "posts/1_tiny.jpg", new Request("http://x/images/posts/1_tiny.jpg"));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(TINY_JPEG);

    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await serveImage(
      env.IMAGES,
      "posts/1_tiny.jpg",
      new Request("http://x/images/posts/1_tiny.jpg", { headers: { "If-None-Match": etag! } }),
    );
    expect(again.status).toBe(304);
  });

  it("answers 404 for a missing key or a path that tries to climb out", async () => {
    expect((await serveImage(env.IMAGES, "posts/none.jpg", new Request("http://x/"))).status).toBe(404);
    expect((await serveImage(env.IMAGES, "posts/../secret", new Request("http://x/"))).status).toBe(404);
  });
});
