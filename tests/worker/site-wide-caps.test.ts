// Site-wide caps on the public forms: one sender rotating addresses (a new CF-Connecting-IP for each
// submission) stores only so many messages and testimonials an hour, and the next visitor is told so
// with what they typed kept.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SITE_BUSY_WITH_MESSAGES } from "~/messages/queries.server";
import { SITE_BUSY_WITH_TESTIMONIALS } from "~/testimonials/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { db } from "~/platform/db.server";
import { fetchWithEnv } from "./faults-helpers";
import { makeArtwork } from "./helpers";
import { freshClientIp } from "../support/addresses";

const caps = { MESSAGES_PER_HOUR: "3", TESTIMONIALS_PER_HOUR: "2" } as unknown as Partial<Env>;

async function submit(path: string, fields: Record<string, string>, overrides: Partial<Env> = caps) {
  const { response } = await fetchWithEnv(overrides, path, {
    method: "POST",
    headers: { "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

const count = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await env.DB.prepare("delete from messages").run();
  await env.DB.prepare("delete from testimonials").run();
  await upsertArtworks(db(env), [makeArtwork({ id: "capped", title: "Capped Harbour" })]);
});

describe("site-wide caps on the public forms", () => {
  it("enquiries and contact messages share MESSAGES_PER_HOUR; past it, 429 keeps what was typed and stores nothing", async () => {
    const contact = (i: number) => ({ name: `Sender ${i}`, email: `s${i}@example.com`, message: `Hello ${i}` });
    expect((await submit("/contact", contact(1))).status).toBe(200);
    expect((await submit("/post/capped", { ...contact(2), address: "1 Park Row, Leeds" })).status).toBe(200);
    expect((await submit("/contact", contact(3))).status).toBe(200);

    const refused = await submit("/contact", contact(4));
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(SITE_BUSY_WITH_MESSAGES.replace(/'/g, "&#x27;"));
    expect(refused.html).toMatch(/<textarea[^>]*name="message"[^>]*>Hello 4<\/textarea>/);
    expect((await submit("/post/capped", { ...contact(5), address: "1 Park Row, Leeds" })).status).toBe(429);
    expect(await count("messages")).toBe(3);

    // Testimonials have their own cap.
    expect((await submit("/testimonials/add", { author: "Ann", message: "Lovely work." })).status).toBe(200);
  });

  it("testimonials stop at TESTIMONIALS_PER_HOUR, and the form opens again an hour after", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await submit("/testimonials/add", { author: `A${i}`, message: "Kind words." })).status).toBe(200);
    }
    const refused = await submit("/testimonials/add", { author: "Late", message: "Still kind." });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(SITE_BUSY_WITH_TESTIMONIALS.replace(/'/g, "&#x27;"));
    expect(await count("testimonials")).toBe(2);

    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61 * 60 * 1000);
    try {
      expect((await submit("/testimonials/add", { author: "Later", message: "Kind again." })).status).toBe(200);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("submissions sent all at once never overshoot the cap: each is counted with the ones before it as it is stored", async () => {
    // Counting before storing (as this form once did) let all eight of these through.
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit("/contact", { name: `Burst ${i}`, email: `b${i}@example.com`, message: `Burst ${i}` }),
      ),
    );
    expect(sent.filter((r) => r.status === 200)).toHaveLength(3);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await count("messages")).toBe(3);
  });

  it("under generated caps and bursts of mixed forms, exactly the cap's worth is stored and the rest told to wait", async () => {
    const burst = fc.record({
      messagesPerHour: fc.integer({ min: 1, max: 6 }),
      testimonialsPerHour: fc.integer({ min: 1, max: 6 }),
      forms: fc.array(fc.constantFrom("/contact", "/post/capped", "/testimonials/add"), { maxLength: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(burst, async ({ messagesPerHour, testimonialsPerHour, forms }) => {
        await env.DB.prepare("delete from messages").run();
        await env.DB.prepare("delete from testimonials").run();
        const overrides = {
          MESSAGES_PER_HOUR: String(messagesPerHour),
          TESTIMONIALS_PER_HOUR: String(testimonialsPerHour),
        } as unknown as Partial<Env>;
        const answers = await Promise.all(
          forms.map((path, i) =>
            submit(
              path,
              path === "/testimonials/add"
                ? { author: `Writer ${i}`, message: `Kind words ${i}` }
                : { name: `Sender ${i}`, email: `s${i}@example.com`, message: `Hello ${i}`, address: "1 Park Row" },
              overrides,
            ),
          ),
        );
        const messagesSent = forms.filter((path) => path !== "/testimonials/add").length;
        const testimonialsSent = forms.length - messagesSent;
        expect(await count("messages")).toBe(Math.min(messagesSent, messagesPerHour));
        expect(await count("testimonials")).toBe(Math.min(testimonialsSent, testimonialsPerHour));
        const accepted = answers.filter((a) => a.status === 200).length;
        expect(accepted).toBe(
          Math.min(messagesSent, messagesPerHour) + Math.min(testimonialsSent, testimonialsPerHour),
        );
        expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      }),
      { numRuns: Math.min(Number(env.FUZZ_RUNS), 25), seed: 20261123 },
    );
  });
});
