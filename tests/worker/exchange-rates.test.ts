// Prices a buyer abroad understands: the ECB's daily reference rates, faked at the HTTP boundary with the
// document the bank serves, read by the Worker's own Cron Trigger, and the conversions the pages show.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import ecbDocument from "../fixtures/eurofxref-daily.xml?raw";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { ECB_DAILY_URL, ratesFromEcb } from "~/rates/ecb.server";
import { RATES_CRON } from "~/rates/refresh.server";
import { approximately } from "~/rates/convert";
import { fetchApp, makeArtwork } from "./helpers";
import { http, HttpResponse, outbound } from "../support/outbound";

const database = db(env);
// The fixture is the bank's document of 26 November 2026; its day moves with the calendar, so the rates
// are always as recent as on a site whose Cron Trigger ran yesterday.
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = day(1);
const document = ecbDocument.replace("2026-11-26", YESTERDAY);
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** The ECB, answering its daily document as it serves it; records what it was asked. */
function fakeEcb(answer: string | (() => Response) = document) {
  const asked: { method: string; url: string }[] = [];
  outbound.use(
    http.get(ECB_DAILY_URL, ({ request }) => {
      asked.push({ method: request.method, url: request.url });
      return typeof answer === "string"
        ? new HttpResponse(answer, { headers: { "Content-Type": "text/xml" } })
        : answer();
    }),
  );
  return asked;
}

async function runCron(cron = RATES_CRON) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const page = async (path: string) => (await fetchApp(path)).text();

beforeEach(async () => {
  await env.DB.prepare("delete from exchange_rates").run();
  await upsertArtworks(database, [
    makeArtwork({ id: "fx-original", title: "Harbour", price: "45" }),
    makeArtwork({ id: "fx-range", title: "Moor", price: "£200 – £300" }),
    makeArtwork({ id: "fx-text", title: "Quiet", price: "Price on request" }),
    makeArtwork({ id: "fx-none", title: "Unpriced", price: null }),
    makeArtwork({
      id: "fx-print",
      title: "Dales Print",
      categories: ["artwork print"],
      category: "artwork print",
      options: [
        { id: "a4", label: "A4 print", size: "", pricePence: 4500, edition: 50, sold: 1 },
        { id: "a2", label: "A2 print", size: "", pricePence: 125000, edition: null, sold: 0 },
      ],
    }),
  ]);
});

describe("the ECB's document", () => {
  it("gives the day and what a euro buys in pounds and dollars", () => {
    expect(ratesFromEcb(ecbDocument)).toEqual({ day: "2026-11-26", gbpPerEuro: 0.86, usdPerEuro: 1.09 });
    expect(ratesFromEcb("<html>Service unavailable</html>")).toBeNull();
    expect(ratesFromEcb(ecbDocument.replace(/<Cube currency='GBP'[^>]*>/, ""))).toBeNull();
  });

  it("converts pence approximately, whole units, the nearest ten past a thousand", () => {
    const rates = { day: "2026-11-26", gbpPerEuro: 0.86, usdPerEuro: 1.09 };
    expect(approximately(4500, rates)).toBe("≈ €52 · $57");
    expect(approximately([20000, 30000], rates)).toBe("≈ €233–€349 · $253–$380");
    expect(approximately(125000, rates)).toBe("≈ €1,450 · $1,580");
    expect(approximately(3500, rates, { from: true })).toBe("≈ from €41 · $44");
    expect(approximately(4500, null)).toBeNull();
  });
});

describe("the daily Cron Trigger", () => {
  it("reads the rates once a day, from the bank's address, and the pages convert every numeric price", async () => {
    const asked = fakeEcb();
    // Before any rates: pounds only.
    expect(await page("/post/fx-original")).not.toContain("≈");
    expect(await page("/commissions")).not.toContain("≈");
    await runCron("*/15 * * * *");
    expect(asked).toHaveLength(0);
    await runCron();
    expect(asked.map((request) => [request.method, request.url])).toEqual([["GET", ECB_DAILY_URL]]);

    const original = await page("/post/fx-original");
    expect(original).toContain('<p class="post__conversion">≈ €52 · $57</p>');
    expect(original).toContain(`European Central Bank&#x27;s reference rates of ${longDate(YESTERDAY)}.`);
    expect(await page("/post/fx-range")).toContain("≈ €233–€349 · $253–$380");
    const print = await page("/post/fx-print");
    expect(print).toContain('<p class="post__conversion">≈ from €52 · $57</p>');
    expect(print).toContain('<span class="post-option__conversion">≈ €1,450 · $1,580</span>');
    // Text, or no price at all, has nothing to convert.
    for (const id of ["fx-text", "fx-none"]) expect(await page(`/post/${id}`)).not.toContain("≈");
    const shop = await page("/gallery");
    expect(shop).toMatch(/Harbour<\/h2>[\s\S]*?artwork-card__conversion">≈ €52 · \$57</);
    expect(shop).toMatch(/Dales Print<\/h2>[\s\S]*?from £45<\/p><p class="artwork-card__conversion">≈ from €52/);
    // The commissions page's price guide (the demo's, from £150).
    const guide = await page("/commissions");
    expect(guide).toContain('£150<span class="commissions__conversion">≈ €174 · $190</span>');
    expect(guide).toContain(`European Central Bank&#x27;s reference rates of ${longDate(YESTERDAY)}.`);
  });

  it("leaves the quarter-hour work to its own trigger, which fires at the same minute", async () => {
    await env.DB.prepare("delete from page_views").run();
    await env.DB.prepare(
      "insert into page_views (timestamp, event, path, visit_id, visitor, source, device) values (?, 'pageview', '/old', 'v', 'h', 'Direct', 'Desktop')",
    )
      .bind(new Date(Date.now() - 500 * 86_400_000).toISOString())
      .run();
    const pageViews = async () =>
      (await env.DB.prepare("select count(*) as n from page_views").first<{ n: number }>())!.n;
    const asked = fakeEcb();
    await runCron();
    expect(asked).toHaveLength(1);
    expect(await pageViews()).toBe(1);
    await runCron("*/15 * * * *");
    expect(asked).toHaveLength(1);
    expect(await pageViews()).toBe(0);
  });

  it("purges the pages that show prices when new rates come, and only then", async () => {
    fakeEcb();
    await runCron();
    // Cached, as visitors get it.
    expect(await page("/post/fx-original")).toContain("≈ €52 · $57");
    expect(await page("/")).toContain("≈ €52 · $57");
    expect(await page("/commissions")).toContain("≈ €174 · $190");
    // The same day's rates again: nothing to purge.
    await env.DB.prepare("update exchange_rates set usd_per_euro = 2").run();
    fakeEcb();
    await runCron();
    expect(await page("/post/fx-original")).toContain("≈ €52 · $57");

    fakeEcb(ecbDocument.replace("2026-11-26", day(0)).replace("rate='1.0900'", "rate='1.2000'"));
    await runCron();
    expect(await page("/post/fx-original")).toContain("≈ €52 · $63");
    expect(await page("/")).toContain("≈ €52 · $63");
    expect(await page("/gallery")).toContain("≈ €52 · $63");
    expect(await page("/commissions")).toContain("≈ €174 · $209");
  });

  it("shows pounds only when the rates are more than a week old, and purges as they pass it with the feed down", async () => {
    await env.DB.prepare(
      "insert into exchange_rates (source, day, gbp_per_euro, usd_per_euro, fetched_at) values ('ecb', date('now', '-7 days'), 0.86, 1.09, '2026-01-01T00:00:00Z')",
    ).run();
    expect(await page("/post/fx-original")).toContain("≈ €52 · $57");
    // A day later, the feed down: the kept rates are past their week, and the cached page is purged.
    await env.DB.prepare("update exchange_rates set day = date('now', '-8 days')").run();
    const asked = fakeEcb(() => new HttpResponse("Service Unavailable", { status: 503 }));
    await runCron();
    expect(asked).toHaveLength(1);
    const html = await page("/post/fx-original");
    expect(html).toContain("£45");
    expect(html).not.toContain("≈");
    expect(html).not.toContain("European Central Bank");
  });

  it("keeps the rates it has when the feed answers something that is not its document", async () => {
    fakeEcb();
    await runCron();
    fakeEcb("<!doctype html><title>Maintenance</title>");
    await runCron();
    fakeEcb(() => HttpResponse.error());
    await runCron();
    expect(await env.DB.prepare("select day, gbp_per_euro, usd_per_euro from exchange_rates").first()).toEqual({
      day: YESTERDAY,
      gbp_per_euro: 0.86,
      usd_per_euro: 1.09,
    });
  });
});
