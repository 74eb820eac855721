import { describe, expect, it } from "vitest";
import { artworkChangeTags, imageTag, pageTags } from "~/public-cache/tags";
import { isSharedPage } from "~/public-cache/shared-pages";

const tagsOf = (path: string) => pageTags(new URL(path, "https://art.example"));

describe("pageTags", () => {
  it.each([
    ["/", ["site", "artworks", "events", "prices"]],
    ["/_root.data", ["site", "artworks", "events", "prices"]],
    ["/gallery?category=oil&page=2", ["site", "artworks", "prices"]],
    ["/gallery.data?category=oil", ["site", "artworks", "prices"]],
    ["/about", ["site", "artworks", "charities"]],
    ["/impact", ["site", "artworks", "charities"]],
    ["/sitemap.xml", ["site", "artworks"]],
    ["/events", ["site", "events"]],
    ["/testimonials", ["site", "testimonials"]],
    ["/testimonials/add", ["site"]],
    ["/contact.data", ["site"]],
    ["/robots.txt", ["site"]],
    ["/post/abc123", ["site", "artwork:abc123", "prices", "charities"]],
    ["/post/abc123.data", ["site", "artwork:abc123", "prices", "charities"]],
    // Cloudflare matches tags ignoring case, and they may hold no space or comma.
    ["/post/My%20Work,2", ["site", "artwork:my%20work%2c2", "prices", "charities"]],
  ])("%s is shared, tagged %j", (path, tags) => {
    expect(tagsOf(path)).toEqual(tags);
  });

  it.each([
    "/dashboard",
    "/createPost",
    "/edit/abc",
    "/events/edit/abc",
    "/analytics",
    "/api/event",
    "/images/posts/1_a.jpg",
    "/post/a/b",
    "/post/%E0%A4%A",
    "/nope",
  ])("%s is never shared", (path) => {
    expect(tagsOf(path)).toBeNull();
  });
});

describe("isSharedPage (the footer's question, asked in the browser)", () => {
  it.each([
    "/",
    "/gallery",
    "/mailing-list",
    "/commissions/request",
    "/post/abc123",
    "/post/My%20Work,2",
    "/certificate/7F3A-92C1",
    "/dashboard",
    "/edit/abc",
    "/post/a/b",
    "/post/%E0%A4%A",
    "/mailing-list/confirm",
    "/nope",
  ])("agrees with pageTags on %s", (path) => {
    expect(isSharedPage(path)).toBe(tagsOf(path) !== null);
  });
});

describe("what a write purges", () => {
  it("names the lists, the artwork's page and each image it deleted", () => {
    expect(artworkChangeTags("abc", ["posts/1_a b.jpg"])).toEqual([
      "artworks",
      "artwork:abc",
      "image:posts%2f1_a%20b.jpg",
    ]);
  });

  it("keeps every tag within Cloudflare's limits, however long the key", () => {
    const tag = imageTag(`posts/${"x".repeat(500)}.jpg`);
    expect(tag).toMatch(/^image:#[0-9a-f]{1,8}$/);
    expect(imageTag(`posts/${"x".repeat(500)}.jpg`)).toBe(tag);
  });
});
