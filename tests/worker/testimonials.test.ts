// /testimonials and /testimonials/add as whole requests through the Worker and the production build,
// against the real local D1. Every test sets up the testimonials it needs (storage is per file).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { testimonials } from "~/testimonials/schema";
import { setTestimonialApproved, upsertTestimonials } from "~/testimonials/queries.server";
import { publicCacheFor } from "~/public-cache/purge.server";
import { fetchApp, ORIGIN } from "./helpers";
import { freshClientIp } from "../support/addresses";

const database = db(env);

function submit(fields: Record<string, string>, path = "/testimonials/add"): Promise<Response> {
  return fetchApp(path, {
    method: "POST",
    headers: { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams(fields),
  });
}

function storedBy(author: string) {
  return database.select().from(testimonials).where(eq(testimonials.author, author));
}

async function publicPage(): Promise<string> {
  const response = await fetchApp("/testimonials");
  expect(response.status).toBe(200);
  return response.text();
}

beforeEach(async () => {
  await database.delete(testimonials);
});

describe("/testimonials", () => {
  it("shows only approved testimonials, newest first, with the page's texts", async () => {
    await upsertTestimonials(database, [
      {
        id: "old",
        author: "Olive",
        message: "Older approved words",
        approved: true,
        createdAt: "2026-01-05T10:00:00.000Z",
      },
      {
        id: "new",
        author: "Nadia",
        message: "Newer approved words",
        approved: true,
        createdAt: "2026-03-05T10:00:00.000Z",
      },
      { id: "wait", author: "Peter", message: "Pending words", approved: false, createdAt: "2026-04-05T10:00:00.000Z" },
    ]);
    const html = await publicPage();
    expect(html).toContain(">Testimonials</h1>");
    expect(html).toContain("What people think");
    expect(html).toMatch(/<a[^>]*href="\/testimonials\/add"[^>]*>.*Share Your Testimonial<\/a>/s);
    expect(html).toContain('<link rel="canonical" href="https://art.example/testimonials"/>');
    expect(html).toContain("<title>Testimonials | Amara Okoye Art</title>");

    const newer = html.indexOf("Newer approved words");
    const older = html.indexOf("Older approved words");
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(html).toContain("Nadia");
    expect(html).toContain("Olive");
    expect(html).not.toContain("Pending words");
    expect(html).not.toContain("Peter");
    expect(html).not.toContain("No testimonials available yet.");
  });

  it("says so when there is no approved testimonial", async () => {
    await upsertTestimonials(database, [{ id: "wait", author: "Peter", message: "Pending words", approved: false }]);
    const html = await publicPage();
    expect(html).toContain("No testimonials available yet.");
    expect(html).not.toContain("Pending words");
  });
});

describe("/testimonials/add", () => {
  it("renders the form with its exact texts, limits and an empty counter on the server", async () => {
    const response = await fetchApp("/testimonials/add");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Share Your Experience</h1>");
    expect(html).toContain("Your Name");
    expect(html).toContain("Your Testimonial");
    expect(html).toContain(">Submit Testimonial</button>");
    expect(html).toMatch(/<input[^>]*name="author"[^>]*maxLength="50"/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*maxLength="500"/);
    expect(html).toMatch(/aria-live="polite"[^>]*>0\/500</);
    // Without JavaScript the form posts to this route's action.
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/testimonials\/add"/);
    expect(html).toContain('<link rel="canonical" href="https://art.example/testimonials/add"/>');
  });

  it("stores a valid testimonial trimmed and pending, and shows it only once approved", async () => {
    const response = await submit({ author: "  Grace Hopper  ", message: "  A wonderful commission.  " });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Thank You!");
    expect(html).toMatch(/<a[^>]*href="\/testimonials"[^>]*>Back to Testimonials<\/a>/);

    const rows = await storedBy("Grace Hopper");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "A wonderful commission.", approved: false });
    expect(rows[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(await publicPage()).not.toContain("A wonderful commission.");
    await setTestimonialApproved(database, publicCacheFor(database, undefined), rows[0]!.id, true);
    expect(await publicPage()).toContain("A wonderful commission.");
  });

  it("rejects blank or whitespace-only fields with 400 and 'Please fill in all fields.'", async () => {
    const cases: Record<string, string>[] = [
      { author: "", message: "" },
      { author: "   ", message: "Kind words" },
      { author: "Blank Message", message: " \n\t " },
      {},
    ];
    for (const fields of cases) {
      const response = await submit(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain("Please fill in all fields.");
    }
    expect(await database.select().from(testimonials)).toHaveLength(0);
  });

  it("accepts a name of exactly 50 characters and rejects 51, keeping what was typed", async () => {
    const fifty = "N".repeat(50);
    expect((await submit({ author: fifty, message: "Fifty is fine" })).status).toBe(200);
    expect(await storedBy(fifty)).toHaveLength(1);

    const fiftyOne = "M".repeat(51);
    const response = await submit({ author: fiftyOne, message: "Hello there" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your name can be at most 50 characters.");
    expect(html).toMatch(new RegExp(`<input[^>]*name="author"[^>]*value="${fiftyOne}"`));
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Hello there<\/textarea>/);
    // The counter reflects the echoed message.
    expect(html).toMatch(/aria-live="polite"[^>]*>11\/500</);
    expect(await storedBy(fiftyOne)).toHaveLength(0);
  });

  it("accepts a message of exactly 500 characters and rejects 501", async () => {
    const ok = await submit({ author: "Five Hundred", message: "a".repeat(500) });
    expect(ok.status).toBe(200);
    expect((await storedBy("Five Hundred"))[0]?.message).toHaveLength(500);

    const response = await submit({ author: "Five Hundred One", message: "b".repeat(501) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your testimonial can be at most 500 characters.");
    expect(html).toContain("b".repeat(501));
    expect(html).toMatch(/aria-live="polite"[^>]*>501\/500</);
    expect(await storedBy("Five Hundred One")).toHaveLength(0);
  });

  it("counts a submitted line break (CRLF) as one character, like the text box does", async () => {
    const message = Array.from({ length: 100 }, () => "abcd").join("\r\n"); // 598 as sent, 499 as typed
    expect((await submit({ author: "Line Breaks", message })).status).toBe(200);
    expect((await storedBy("Line Breaks"))[0]?.message).toBe(message.replaceAll("\r\n", "\n"));
  });

  it("answers the fetcher's data request with 400 and the field message", async () => {
    const response = await submit({ author: "", message: "Typed by a script" }, "/testimonials/add.data");
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Please fill in all fields.");
    expect(body).toContain("Typed by a script");
  });

  it("keeps what was typed and shows the error text when the testimonial cannot be stored", async () => {
    await env.DB.exec("ALTER TABLE testimonials RENAME TO testimonials_unavailable");
    try {
      const response = await submit({ author: "Unlucky Visitor", message: "Stored nowhere" });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("An error occurred. Please try again later.");
      expect(html).toMatch(/<input[^>]*name="author"[^>]*value="Unlucky Visitor"/);
      expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Stored nowhere<\/textarea>/);
      expect(html).not.toContain("Thank You!");
    } finally {
      await env.DB.exec("ALTER TABLE testimonials_unavailable RENAME TO testimonials");
    }
  });

  it("refuses a submission from another site", async () => {
    const response = await fetchApp("/testimonials/add", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({ author: "Mallory", message: "Spam" }),
    });
    expect(response.status).toBe(403);
    expect(await storedBy("Mallory")).toHaveLength(0);
  });
});
