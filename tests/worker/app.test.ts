import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { putImage } from "~/images/storage.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { fetchApp, TINY_JPEG } from "./helpers";

beforeAll(async () => {
  await putImage(env.IMAGES, "posts/2_harbour.jpg", TINY_JPEG, "image/jpeg");
  await upsertArtworks(db(env), [
    {
      id: "harbour",
      title: "Harbour at Dusk",
      description: "Boats at rest.",
      medium: "Watercolour",
      categories: ["watercolor"],
      category: "watercolor",
      size: "A3",
      price: "180",
      imageUrls: ["posts/2_harbour.jpg"],
      available: "no",
    },
  ]);
});

describe("whole requests through the Worker", () => {
  it("renders the home page from D1 with the footer", async () => {
    const response = await fetchApp("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Visual Artist &amp; Creative Soul");
    expect(html).toContain("Harbour at Dusk");
    expect(html).toContain("SOLD");
    expect(html).toContain("Artist • Creator • Designer");
    expect(html).toContain("Crafted with love &amp; creativity");
  });

  it("answers an unknown path with status 404 and the Page Not Found page", async () => {
    const response = await fetchApp("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Go Back");
    expect(html).toContain("Artist • Creator • Designer");
  });

  it("filters the shop by a category link and shows the category's empty text", async () => {
    const watercolor = await (await fetchApp("/gallery?category=watercolor")).text();
    expect(watercolor).toContain("Harbour at Dusk");
    const custom = await (await fetchApp("/gallery?category=custom")).text();
    expect(custom).toContain("No Custom artworks available at the moment.");
    const unknown = await (await fetchApp("/gallery?category=sculpture")).text();
    expect(unknown).toContain("Harbour at Dusk");
  });

  it("refuses a POST from another site's page with 403 and accepts the same origin", async () => {
    const crossSite = await fetchApp("/", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const sameSite = await fetchApp("/no/such/page", { method: "POST", headers: { Origin: "http://localhost" } });
    expect(sameSite.status).toBe(404);
  });

  it("serves artwork images from R2 through /images/", async () => {
    const response = await fetchApp("/images/posts/2_harbour.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect((await fetchApp("/images/posts/missing.jpg")).status).toBe(404);
  });
});
