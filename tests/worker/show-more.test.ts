import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { upsertEvents } from "~/events/queries.server";
import { upsertTestimonials } from "~/testimonials/queries.server";
import { fetchApp, makeArtwork } from "./helpers";

const cards = (html: string) => html.match(/class="artwork-card"/g)?.length ?? 0;

describe("the shop shows 24 at a time", () => {
  beforeAll(async () => {
    await env.DB.prepare("delete from posts").run();
    await upsertArtworks(
      db(env),
      Array.from({ length: 30 }, (_, i) =>
        makeArtwork({
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

/** In tens: D1 binds at most 100 values a statement. */
async function inTens<T>(rows: T[], write: (rows: T[]) => Promise<void>) {
  for (let at = 0; at < rows.length; at += 10) await write(rows.slice(at, at + 10));
}

const eventCards = (html: string) => html.match(/<article class="event-card /g)?.length ?? 0;
const testimonialCards = (html: string) => html.match(/class="testimonial-card"/g)?.length ?? 0;

describe("the events page shows 12 at a time, upcoming first", () => {
  beforeAll(async () => {
    await env.DB.prepare("delete from events").run();
    // 3 upcoming (year 2999) and 20 past (2001), so the first page is the upcoming three and the newest past.
    await inTens(
      [
        ...Array.from({ length: 3 }, (_, i) => ({
          id: `soon-${i}`,
          name: `Coming show ${i}`,
          description: "Paintings on the walls.",
          date: `2999-0${i + 1}-10`,
          location: "Leeds",
        })),
        ...Array.from({ length: 20 }, (_, i) => ({
          id: `past-${String(i).padStart(2, "0")}`,
          name: `Old show ${i}`,
          description: "It was lovely.",
          date: `2001-01-${String(i + 1).padStart(2, "0")}`,
          location: null,
        })),
      ],
      (rows) => upsertEvents(db(env), rows),
    );
  });

  it("shows the first 12 with a link to the next, which lands on the 13th", async () => {
    const html = await (await fetchApp("/events")).text();
    expect(eventCards(html)).toBe(12);
    expect(html.indexOf("Coming show 0")).toBeLessThan(html.indexOf("Coming show 2"));
    expect(html.indexOf("Coming show 2")).toBeLessThan(html.indexOf("Old show 19"));
    // The newest past events come first: 19 down to 11 fill the page.
    expect(html).toContain("Old show 11<");
    expect(html).not.toContain("Old show 10<");
    expect(html).toContain('href="/events?page=2#event-at-13"');
    expect(html).toContain("Show more events");

    // A visitor from a campaign link gets the same link as everyone (one address, one cached page).
    expect(await (await fetchApp("/events?utm_source=instagram")).text()).toContain(
      'href="/events?page=2#event-at-13"',
    );

    const more = await (await fetchApp("/events?page=2")).text();
    expect(eventCards(more)).toBe(23);
    expect(more).toContain('id="event-at-13"');
    expect(more).toContain("Old show 0<");
    expect(more).not.toContain("Show more events");
  });
});

describe("the testimonials page shows 24 at a time, newest first", () => {
  beforeAll(async () => {
    await env.DB.prepare("delete from testimonials").run();
    await inTens(
      Array.from({ length: 30 }, (_, i) => ({
        id: `kind-${String(i).padStart(2, "0")}`,
        author: `Reader ${i}`,
        message: `Kind words number ${i}.`,
        // One waiting for approval, never shown.
        approved: i !== 29,
        createdAt: `2026-03-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
      })),
      (rows) => upsertTestimonials(db(env), rows),
    );
  });

  it("shows the newest 24 approved with a link to the rest, which lands on the 25th", async () => {
    const html = await (await fetchApp("/testimonials")).text();
    expect(testimonialCards(html)).toBe(24);
    expect(html).not.toContain("Reader 29<");
    expect(html.indexOf("Reader 28<")).toBeLessThan(html.indexOf("Reader 27<"));
    expect(html).toContain("Reader 5<");
    expect(html).not.toContain("Reader 4<");
    expect(html).toContain('href="/testimonials?page=2#testimonial-at-25"');
    expect(html).toContain("Show more testimonials");

    const more = await (await fetchApp("/testimonials?page=2")).text();
    expect(testimonialCards(more)).toBe(29);
    expect(more).toContain('id="testimonial-at-25"');
    expect(more).toContain("Reader 0<");
    expect(more).not.toContain("Show more testimonials");
  });
});
