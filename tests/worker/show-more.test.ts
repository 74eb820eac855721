import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { fetchApp, makePost } from "./helpers";

const cards = (html: string) => html.match(/class="artwork-card"/g)?.length ?? 0;

describe("the shop stays light as the collection grows", () => {
  beforeAll(async () => {
    await env.DB.prepare("delete from posts").run();
    await upsertArtworks(
      db(env),
      Array.from({ length: 30 }, (_, i) =>
        makePost({
          id: `many-${String(i).padStart(2, "0")}`,
          title: `Study ${i}`,
          createdAt: `2026-02-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
          categories: i % 2 ? ["oil"] : ["acrylic"],
          category: i % 2 ? "oil" : "acrylic",
        }),
      ),
    );
  });

  it("shows the newest 24 and a link to the next ones, which lands on the first new card", async () => {
    const html = await (await fetchApp("/gallery")).text();
    expect(cards(html)).toBe(24);
    expect(html).toContain("Study 29");
    expect(html).not.toContain("Study 5<");
    expect(html).toContain('href="/gallery?page=2#artwork-25"');
    expect(html).toContain("Show more artworks");

    const more = await (await fetchApp("/gallery?page=2")).text();
    expect(cards(more)).toBe(30);
    expect(more).toContain('id="artwork-25"');
    expect(more).not.toContain("Show more artworks");
  });

  it("keeps the category in the link and ignores nonsense page numbers", async () => {
    const oil = await (await fetchApp("/gallery?category=oil")).text();
    expect(cards(oil)).toBe(15);
    expect(oil).not.toContain("Show more artworks");
    expect(cards(await (await fetchApp("/gallery?page=abc")).text())).toBe(24);
    expect(cards(await (await fetchApp("/gallery?page=-3")).text())).toBe(24);
    expect(cards(await (await fetchApp("/gallery?page=999999")).text())).toBe(30);
  });
});
