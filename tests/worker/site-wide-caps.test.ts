// Site-wide caps on the public forms: one sender rotating addresses (a new CF-Connecting-IP for each
// submission) gets only so many messages and testimonials an hour to the artist; past that they are
// held for her (the visitor sees the usual thanks), and only past a daily bound on held ones is a
// visitor told to wait, with what they typed kept.
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

const caps = { MESSAGES_PER_HOUR: "3", TESTIMONIALS_PER_HOUR: "2", HELD_PER_DAY: "2" } as unknown as Partial<Env>;

async function submit(path: string, fields: Record<string, string>, overrides: Partial<Env> = caps) {
  const { response } = await fetchWithEnv(overrides, path, {
    method: "POST",
    headers: { "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

const count = async (table: string, where = "1") =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await env.DB.prepare("delete from messages").run();
  await env.DB.prepare("delete from testimonials").run();
  await upsertArtworks(db(env), [makeArtwork({ id: "capped", title: "Capped Harbour" })]);
});

describe("site-wide caps on the public forms", () => {
  it("past MESSAGES_PER_HOUR (enquiries and contact together) a message is held with the usual thanks; past HELD_PER_DAY, 429 keeps what was typed", async () => {
    const contact = (i: number) => ({ name: `Sender ${i}`, email: `s${i}@example.com`, message: `Hello ${i}` });
    expect((await submit("/contact", contact(1))).status).toBe(200);
    expect((await submit("/post/capped", { ...contact(2), address: "1 Park Row, Leeds" })).status).toBe(200);
    expect((await submit("/contact", contact(3))).status).toBe(200);
    expect(await count("messages", "status <> 'held'")).toBe(3);

    // Held: the visitor is thanked as usual.
    const held = await submit("/contact", contact(4));
    expect(held.status).toBe(200);
    expect(held.html).not.toContain(SITE_BUSY_WITH_MESSAGES.replace(/'/g, "&#x27;"));
    expect((await submit("/post/capped", { ...contact(5), address: "1 Park Row, Leeds" })).status).toBe(200);
    expect(await count("messages", "status = 'held'")).toBe(2);

    // Past the daily bound on held ones: refused, with what was typed kept.
    const refused = await submit("/contact", contact(6));
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(SITE_BUSY_WITH_MESSAGES.replace(/'/g, "&#x27;"));
    expect(refused.html).toMatch(/<textarea[^>]*name="message"[^>]*>Hello 6<\/textarea>/);
    expect(await count("messages")).toBe(5);

    // Testimonials have their own cap.
    expect((await submit("/testimonials/add", { author: "Ann", message: "Lovely work." })).status).toBe(200);
    expect(await count("testimonials", "held = 0")).toBe(1);
  });

  it("testimonials past TESTIMONIALS_PER_HOUR are held, past HELD_PER_DAY refused, and the form takes them in again an hour after", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await submit("/testimonials/add", { author: `A${i}`, message: "Kind words." })).status).toBe(200);
    }
    expect([await count("testimonials", "held = 0"), await count("testimonials", "held = 1")]).toEqual([2, 2]);
    const refused = await submit("/testimonials/add", { author: "Late", message: "Still kind." });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(SITE_BUSY_WITH_TESTIMONIALS.replace(/'/g, "&#x27;"));
    expect(await count("testimonials")).toBe(4);

    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61 * 60 * 1000);
    try {
      expect((await submit("/testimonials/add", { author: "Later", message: "Kind again." })).status).toBe(200);
      expect(await count("testimonials", "held = 0 and author = 'Later'")).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("submissions sent all at once never overshoot a cap: each is counted with the ones before it as it is stored", async () => {
    // Counting before storing (as this form once did) let all eight of these through to the artist.
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit("/contact", { name: `Burst ${i}`, email: `b${i}@example.com`, message: `Burst ${i}` }),
      ),
    );
    expect(sent.filter((r) => r.status === 200)).toHaveLength(5);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(3);
    expect(await count("messages", "status <> 'held'")).toBe(3);
    expect(await count("messages", "status = 'held'")).toBe(2);
  });

  it("under generated caps and bursts of mixed forms, exactly the cap's worth reaches the artist, the bound's worth is held, and the rest told to wait", async () => {
    const burst = fc.record({
      messagesPerHour: fc.integer({ min: 1, max: 6 }),
      testimonialsPerHour: fc.integer({ min: 1, max: 6 }),
      heldPerDay: fc.integer({ min: 1, max: 4 }),
      forms: fc.array(fc.constantFrom("/contact", "/post/capped", "/testimonials/add"), { maxLength: 14 }),
    });
    await fc.assert(
      fc.asyncProperty(burst, async ({ messagesPerHour, testimonialsPerHour, heldPerDay, forms }) => {
        await env.DB.prepare("delete from messages").run();
        await env.DB.prepare("delete from testimonials").run();
        const overrides = {
          MESSAGES_PER_HOUR: String(messagesPerHour),
          TESTIMONIALS_PER_HOUR: String(testimonialsPerHour),
          HELD_PER_DAY: String(heldPerDay),
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
        const split = (sent: number, cap: number): [number, number] => {
          const open = Math.min(sent, cap);
          return [open, Math.min(sent - open, heldPerDay)];
        };
        const [messagesOpen, messagesHeld] = split(messagesSent, messagesPerHour);
        const [testimonialsOpen, testimonialsHeld] = split(testimonialsSent, testimonialsPerHour);
        expect(await count("messages", "status <> 'held'")).toBe(messagesOpen);
        expect(await count("messages", "status = 'held'")).toBe(messagesHeld);
        expect(await count("testimonials", "held = 0")).toBe(testimonialsOpen);
        expect(await count("testimonials", "held = 1")).toBe(testimonialsHeld);
        const accepted = answers.filter((a) => a.status === 200).length;
        expect(accepted).toBe(messagesOpen + messagesHeld + testimonialsOpen + testimonialsHeld);
        expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      }),
      { numRuns: Math.min(Number(env.FUZZ_RUNS), 25), seed: 20261123 },
    );
    // Up to 25 bursts of 14 submissions: seconds on a busy machine.
  }, 30_000);
});
