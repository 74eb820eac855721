import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import sample from "../fixtures/firestore-export.json";
import { readFirestoreExport } from "~/legacy/firestore-export";
import { importStatements } from "~/legacy/import-sql";
import { snapshotStorage } from "./storage-snapshot";

/** Runs the statements `npm run import` gives to `wrangler d1 execute`, against the test's D1. */
async function runImport(json: unknown) {
  const { rows, rejected } = readFirestoreExport(json, { storageBucket: "amara-art.appspot.com" });
  const statements = importStatements(rows);
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  return { rows, rejected };
}

describe("importing the old site's Firestore export", () => {
  // Each test starts from an empty site, whatever ran before it.
  beforeEach(async () => {
    for (const table of ["posts", "events", "testimonials"]) await env.DB.prepare(`delete from ${table}`).run();
  });

  it("imports every record of the sample, keeping ids and reading each timestamp and price form", async () => {
    const { rows, rejected } = await runImport(sample);
    expect(rejected).toEqual([]);
    expect([rows.artworks.length, rows.events.length, rows.testimonials.length]).toEqual([4, 2, 2]);

    const kirkstall = await env.DB.prepare("select * from posts where id = '3Jx9QpLm2VbN8rTs1Kqa'").first<
      Record<string, unknown>
    >();
    expect(kirkstall).toMatchObject({
      title: "Kirkstall Abbey in Mist",
      categories: '["oil"]',
      category: "oil",
      price: "450",
      available: "yes",
      created_at: "2023-11-14T19:26:40.120Z",
      image_copies: "{}",
    });
    expect(JSON.parse(kirkstall!.image_urls as string)).toHaveLength(2);

    // Only `category` (capitalised), a price range, sold, updatedAt as {seconds}.
    expect(
      await env.DB.prepare(
        "select categories, category, price, available, updated_at from posts where id = '8HfT2kWq9LzPa4MnB7Yc'",
      ).first(),
    ).toEqual({
      categories: '["acrylic"]',
      category: "acrylic",
      price: "200-300",
      available: "no",
      updated_at: "2023-12-08T01:46:40.000Z",
    });
    // Labels read as categories, `true` as available, {__time__} as a time, events kept.
    expect(
      await env.DB.prepare(
        "select categories, category, available, created_at, events from posts where id = 'Qw3eRt5yUi7oP9aS1dFg'",
      ).first(),
    ).toEqual({
      categories: '["custom","watercolor"]',
      category: "custom",
      available: "yes",
      created_at: "2023-12-19T15:33:20.000Z",
      events: '["Xc2vB4nM6qW8eR0tY3uI"]',
    });
    // null price stays null; epoch milliseconds read as a time.
    expect(
      await env.DB.prepare("select price, created_at from posts where id = 'Zx1cV3bN5mA7sD9fG2hJ'").first(),
    ).toEqual({
      price: null,
      created_at: "2024-01-01T00:00:00.000Z",
    });
    // An event date given as a timestamp becomes its day in the UK.
    expect(await env.DB.prepare("select date, location from events where id = 'Lk8jH6gF4dS2aP0oI9uY'").first()).toEqual(
      {
        date: "2024-05-25",
        location: null,
      },
    );
    expect(await env.DB.prepare("select approved from testimonials where id = 'Tq1wE2rT3yU4iO5pA6sD'").first()).toEqual(
      { approved: 1 },
    );
  });

  it("a bare Firebase Storage path becomes its download URL (a legacy image), or refuses the artwork without a bucket", async () => {
    await runImport(sample);
    const urls = await env.DB.prepare("select image_urls from posts where id = 'Qw3eRt5yUi7oP9aS1dFg'").first<{
      image_urls: string;
    }>();
    expect(JSON.parse(urls!.image_urls)).toEqual([
      "https://firebasestorage.googleapis.com/v0/b/amara-art.appspot.com/o/posts%2F1703000000000_pet-portrait.jpg?alt=media",
    ]);
    const { rejected } = readFirestoreExport(sample);
    expect(rejected).toEqual([
      {
        collection: "posts",
        id: "Qw3eRt5yUi7oP9aS1dFg",
        reason:
          'imageUrls: "posts/1703000000000_pet-portrait.jpg" is a Firebase Storage path: pass --storage-bucket <bucket> to import it',
      },
    ]);
  });

  it("a second run changes nothing and duplicates nothing", async () => {
    await runImport(sample);
    const before = await snapshotStorage();
    await runImport(sample);
    expect(await snapshotStorage()).toBe(before);
  });

  it("a malformed record is rejected with its reason while the others import", async () => {
    const broken = structuredClone(sample) as Record<string, Record<string, unknown>>;
    broken.posts!["NoTitle000000000000a"] = { title: "  ", category: "oil", imageUrls: [] };
    broken.posts!["BadCategory00000000a"] = { title: "Pastel Study", category: "pastel" };
    broken.posts!["NewOne00000000000000"] = { title: "New Sketch", category: "custom", createdAt: "not a date" };
    broken.events!["BadDate0000000000000"] = { name: "Fair", description: "x", date: "next Tuesday" };
    broken.testimonials!["../../etc/passwd"] = { author: "A", message: "B" };
    broken.testimonials!["Fresh000000000000000"] = { author: "Sam", message: "Lovely!" };

    const { rejected } = await runImport(broken);
    expect(rejected).toEqual([
      { collection: "posts", id: "NoTitle000000000000a", reason: "title: has no title" },
      { collection: "posts", id: "BadCategory00000000a", reason: expect.stringContaining("category: not one of") },
      { collection: "posts", id: "NewOne00000000000000", reason: "createdAt: not a date or time" },
      { collection: "events", id: "BadDate0000000000000", reason: expect.stringMatching(/^date: /) },
      { collection: "testimonials", id: "../../etc/passwd", reason: "its id is not a Firestore document id" },
    ]);
    expect(await env.DB.prepare("select count(*) as n from posts").first()).toEqual({ n: 4 });
    expect(await env.DB.prepare("select approved from testimonials where id = 'Fresh000000000000000'").first()).toEqual(
      { approved: 0 },
    );
  });

  it("re-importing after the migration tool moved an artwork's images does not bring the legacy URLs back", async () => {
    await runImport(sample);
    await env.DB.prepare(
      `update posts set image_urls = '["posts/1_kirkstall.jpg"]', migrated_at = '2026-11-21T10:00:00.000Z' where id = '3Jx9QpLm2VbN8rTs1Kqa'`,
    ).run();
    const edited = structuredClone(sample) as Record<string, Record<string, Record<string, unknown>>>;
    edited.posts!["3Jx9QpLm2VbN8rTs1Kqa"]!.title = "Kirkstall Abbey in Morning Mist";
    await runImport(edited);
    expect(
      await env.DB.prepare("select title, image_urls from posts where id = '3Jx9QpLm2VbN8rTs1Kqa'").first(),
    ).toEqual({
      title: "Kirkstall Abbey in Morning Mist",
      image_urls: '["posts/1_kirkstall.jpg"]',
    });
  });

  it("re-importing keeps the options the artist added since, and whether they leave the work sold", async () => {
    await runImport(sample);
    const options = JSON.stringify([
      { id: "a4", label: "A4 print", size: "", pricePence: 4500, edition: 10, sold: 10 },
    ]);
    await env.DB.prepare(`update posts set options = ?, available = 'no' where id = '3Jx9QpLm2VbN8rTs1Kqa'`)
      .bind(options)
      .run();
    await runImport(sample);
    expect(
      await env.DB.prepare("select options, available from posts where id = '3Jx9QpLm2VbN8rTs1Kqa'").first(),
    ).toEqual({ options, available: "no" });
  });

  it("removes NUL and other control characters from text, says which documents held them, and imports everything", async () => {
    const json = {
      posts: {
        nulPost: {
          title: "Moor\u0000land\u0007",
          description: "Line one\nLine two\tTabbed\u001b",
          category: "oil",
          imageUrls: ["https://res.cloudinary.com/demo/image/upload/moor.jpg"],
        },
        plainPost: { title: "Plain", category: "oil", imageUrls: [] },
      },
      testimonials: { nulWords: { author: "Jo\u0000", message: "Kind\u0000 words", approved: true } },
    };
    const { rows, rejected } = await runImport(json);
    expect(rejected).toEqual([]);
    expect(readFirestoreExport(json).cleaned).toEqual([
      { collection: "posts", id: "nulPost", removed: 3 },
      { collection: "testimonials", id: "nulWords", removed: 2 },
    ]);
    expect(rows.artworks.map((row) => row.id).sort()).toEqual(["nulPost", "plainPost"]);
    const stored = await env.DB.prepare("select title, description from posts where id = 'nulPost'").first();
    expect(stored).toEqual({ title: "Moorland", description: "Line one\nLine two\tTabbed" });
    expect(await env.DB.prepare("select author, message from testimonials where id = 'nulWords'").first()).toEqual({
      author: "Jo",
      message: "Kind words",
    });
  });
});
