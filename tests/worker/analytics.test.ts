import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATASET, getAnalyticsData, sqlApiUrl } from "~/analytics/report.server";
import { getAppEnv } from "~/platform/env.server";
import { signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";
import { freshClientIp, withinOneClockWindow, withinOneLimiterMinute } from "../support/addresses";
import worker from "../../server";
import { capturingDataset, fakeAnalyticsEngineSql, type StoredPoint } from "../support/analytics-engine";
import { dataPointOf, type Device } from "~/analytics/record.server";
import { fetchWithEnv } from "./faults-helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function beacon(body: unknown, headers: Record<string, string> = {}) {
  return fetchApp("/api/event", {
    method: "POST",
    headers: {
      Origin: "http://localhost",
      "Content-Type": "application/json",
      "User-Agent": IPHONE,
      "CF-Connecting-IP": freshClientIp(),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const pageView = (path: string, extra: Record<string, unknown> = {}) => ({
  type: "pageview",
  path,
  referrer: "https://l.instagram.com/",
  screenWidth: 390,
  visitId: "visit-0001",
  ...extra,
});

const rowCount = async () => (await env.DB.prepare("select count(*) as n from page_views").first<{ n: number }>())!.n;

describe("POST /api/event", () => {
  beforeEach(async () => {
    await env.DB.prepare("delete from page_views").run();
  });

  it("records a page view without the IP address, with device, source, artwork id and a daily visitor hash", async () => {
    const ip = freshClientIp();
    const response = await beacon(pageView("/post/abc"), { "CF-Connecting-IP": ip });
    expect(response.status).toBe(204);
    const row = await env.DB.prepare("select * from page_views").first<Record<string, unknown>>();
    expect(row).toMatchObject({
      event: "pageview",
      path: "/post/abc",
      visit_id: "visit-0001",
      source: "Instagram",
      device: "Mobile",
      post_id: "abc",
      screen_width: 390,
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
  });

  it("counts a client's private commission page without its key", async () => {
    const token = "A".repeat(40);
    expect((await beacon(pageView(`/commissions/progress/${token}?x=1`))).status).toBe(204);
    const row = await env.DB.prepare("select path from page_views").first<{ path: string }>();
    expect(row!.path).toBe("/commissions/progress");
  });

  it("records a named event with its artwork id", async () => {
    const response = await beacon({ ...pageView("/post/abc"), type: "event", name: "enquiry_sent", artworkId: "abc" });
    expect(response.status).toBe(204);
    expect(await env.DB.prepare("select event, post_id from page_views").first()).toEqual({
      event: "enquiry_sent",
      post_id: "abc",
    });
  });

  it("ignores bots and the signed-in admin (204, nothing written)", async () => {
    expect((await beacon(pageView("/"), { "User-Agent": GOOGLEBOT })).status).toBe(204);
    expect((await beacon(pageView("/"), { Cookie: await signIn() })).status).toBe(204);
    expect(await rowCount()).toBe(0);
  });

  it("answers malformed beacons with 400 and writes nothing", async () => {
    const bad: unknown[] = [
      "not json",
      "",
      [],
      { ...pageView("/"), type: "click" },
      { ...pageView("/"), path: "https://evil.example/" },
      { ...pageView("/"), visitId: "x" },
      { ...pageView("/"), type: "event" }, // a named event without its name
      { ...pageView("/"), name: "share" }, // a page view with a name
      { ...pageView("/"), type: "event", name: "purchase" },
      { ...pageView("/"), screenWidth: "wide" },
      { ...pageView("/"), path: `/${"a".repeat(600)}` },
    ];
    for (const body of bad) expect((await beacon(body)).status, JSON.stringify(body)).toBe(400);
    expect((await beacon("x".repeat(9000))).status).toBe(413);
    expect(await rowCount()).toBe(0);
  });

  it("is limited per client: past 120 a minute it answers 429", async () => {
    const statuses = await withinOneLimiterMinute(async (ip) => {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await beacon(pageView("/"), { "CF-Connecting-IP": ip })).status);
      return statuses;
    });
    expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(statuses[120]).toBe(429);
    // 242 requests at most, on a machine that may be busy.
  }, 30_000);

  it("counts an IPv6 /64 as one client: 1,000 addresses in it get 120 a minute between them", async () => {
    const statuses = await withinOneLimiterMinute(async (ip) => {
      // A /64 of its own for this run, from the fresh IPv4 address's last two bytes.
      const [, , c, d] = ip.split(".").map(Number);
      const network = `2001:db8:${((c! << 8) | d!).toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const address = `${network}:${(i * 7919).toString(16)}::${i.toString(16)}`;
        statuses.push((await beacon(pageView("/"), { "CF-Connecting-IP": address })).status);
      }
      return statuses;
    });
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
  }, 60_000);
});

describe("PAGE_VIEWS_PER_DAY: at most 50,000 page views a UTC day are stored in D1, whatever the addresses", () => {
  const BOUND = 50_000;
  const utcToday = () => new Date().toISOString().slice(0, 10);
  /** Today's counter as if `offered` beacons had already come today, none of them dropped. */
  const setOfferedToday = (offered: number) =>
    env.DB.prepare(
      "insert into page_view_days (day, offered) values (?1, ?2) on conflict (day) do update set offered = ?2, dropped = 0, bound = null",
    )
      .bind(utcToday(), offered)
      .run();
  const counter = () =>
    env.DB.prepare("select offered, dropped, bound from page_view_days where day = ?")
      .bind(utcToday())
      .first<{ offered: number; dropped: number; bound: number | null }>();

  beforeEach(async () => {
    await env.DB.prepare("delete from page_views").run();
  });
  // The other tests of this file send beacons today too: they must not find the day at its bound.
  afterEach(async () => {
    await env.DB.prepare("delete from page_view_days").run();
  });

  // A run that crosses midnight UTC counts into two days: it runs again (withinOneClockWindow).
  const DAY_MS = 24 * 60 * 60 * 1000;
  const freshDay = async () => {
    await env.DB.prepare("delete from page_views").run();
    await env.DB.prepare("delete from page_view_days").run();
  };

  it("shipped at 50,000: beacons past it add no rows and are answered 204, and /analytics says how many that day", async () => {
    expect(getAppEnv(env).PAGE_VIEWS_PER_DAY).toBe(BOUND);
    const run = await withinOneClockWindow(DAY_MS, async () => {
      await freshDay();
      await setOfferedToday(BOUND - 3);
      const statuses: number[] = [];
      const rows: number[] = [];
      for (let i = 0; i < 8; i++) {
        // Each from its own address: the per-address limit has nothing to do with it.
        statuses.push((await beacon(pageView(`/bounded/${i}`), { "CF-Connecting-IP": freshClientIp() })).status);
        rows.push(await rowCount());
      }
      const { results } = await env.DB.prepare("select path from page_views order by id").all<{ path: string }>();
      const html = await (await fetchApp("/analytics?range=7d", { headers: { Cookie: await signIn() } })).text();
      const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
        new Date(),
      );
      return { statuses, rows, paths: results.map((row) => row.path), counted: await counter(), html, day };
    });
    expect(run.statuses).toEqual([204, 204, 204, 204, 204, 204, 204, 204]);
    expect(run.rows).toEqual([1, 2, 3, 3, 3, 3, 3, 3]);
    expect(run.paths).toEqual(["/bounded/0", "/bounded/1", "/bounded/2"]);
    expect(run.counted).toEqual({ offered: BOUND + 5, dropped: 5, bound: BOUND });
    // labelledText puts a space where each tag was: the date is a <time>, followed by its comma.
    expect(labelledText(run.html, "Daily Page Views").replace(" ,", ",")).toContain(
      `On ${run.day}, 5 views past the daily bound of 50,000 were not recorded.`,
    );
  });

  it("a burst of beacons at once, from many addresses, stores exactly up to the bound and never past it", async () => {
    const run = await withinOneClockWindow(DAY_MS, async () => {
      await freshDay();
      await setOfferedToday(BOUND - 5);
      // Straight into the Worker's fetch handler, as the hourly caps' bursts are: requests through SELF are
      // answered one after another here, which would hide a check made apart from the insert.
      const statuses = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const { response } = await fetchWithEnv({}, "/api/event", {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "User-Agent": IPHONE,
              "CF-Connecting-IP": freshClientIp(),
            },
            body: JSON.stringify(pageView(`/burst/${i}`)),
          });
          return response.status;
        }),
      );
      return { statuses, rows: await rowCount(), counted: await counter() };
    });
    expect(run.statuses.every((status) => status === 204)).toBe(true);
    expect(run.rows).toBe(5);
    expect(run.counted).toEqual({ offered: BOUND + 25, dropped: 25, bound: BOUND });
  });
});

// One fixture, read through both sources: D1 directly, and Analytics Engine's SQL API faked at the HTTP
// boundary by a small evaluator of the five queries over the same events.
type FixtureEvent = {
  event: string;
  path: string;
  visitId: string;
  visitor: string;
  source: string;
  device: string;
  artworkId: string;
  timestamp: string;
};

const NOW = new Date("2026-11-21T15:00:00.000Z");
const FIXTURE: FixtureEvent[] = [
  // Visit 1 (phone, from Instagram): home, then an artwork, then an enquiry about it: 2 min 30 s.
  ev("pageview", "/", "v1", "h1", "Instagram", "Mobile", "", "2026-11-21T10:00:00.000Z"),
  ev("pageview", "/post/p1", "v1", "h1", "Instagram", "Mobile", "p1", "2026-11-21T10:01:00.000Z"),
  ev("enquiry_sent", "/post/p1", "v1", "h1", "Instagram", "Mobile", "p1", "2026-11-21T10:02:30.000Z"),
  // Visit 2 (desktop, direct): one page: a bounce. Yesterday.
  ev("pageview", "/post/p1", "v2", "h2", "Direct", "Desktop", "p1", "2026-11-20T18:00:00.000Z"),
  // Visit 3, same person as visit 2 but another day (so another daily hash): gallery twice.
  ev("pageview", "/gallery", "v3", "h3", "Google", "Desktop", "", "2026-11-19T09:00:00.000Z"),
  ev("pageview", "/gallery", "v3", "h3", "Google", "Desktop", "", "2026-11-19T09:00:40.000Z"),
  // Outside 7 days: counted only by 30 days.
  ev("pageview", "/about", "v4", "h4", "Direct", "Tablet", "", "2026-11-14T23:59:59.000Z"),
];

function ev(...[event, path, visitId, visitor, source, device, artworkId, timestamp]: string[]): FixtureEvent {
  return {
    event: event!,
    path: path!,
    visitId: visitId!,
    visitor: visitor!,
    source: source!,
    device: device!,
    artworkId: artworkId!,
    timestamp: timestamp!,
  };
}

/** The fixture as Analytics Engine would hold it: each event written through the app's own data point layout. */
function fixturePoints(events: FixtureEvent[]): StoredPoint[] {
  let at = new Date(0);
  const dataset = capturingDataset(() => at);
  for (const e of events) {
    at = new Date(e.timestamp);
    dataset.binding.writeDataPoint(
      dataPointOf({
        event: e.event,
        path: e.path,
        visitId: e.visitId,
        visitor: e.visitor,
        source: e.source,
        device: e.device as Device,
        country: "GB",
        artworkId: e.artworkId || null,
        screenWidth: 390,
      }),
    );
  }
  return dataset.points;
}

const ENGINE = { CF_ACCOUNT_ID: "account-123", CF_API_TOKEN: "token-abc" };

/** Analytics Engine's SQL API for ENGINE's account, answering from `points`. */
const sqlApiOver = (points: StoredPoint[]) =>
  fakeAnalyticsEngineSql({
    url: sqlApiUrl(ENGINE.CF_ACCOUNT_ID),
    token: ENGINE.CF_API_TOKEN,
    dataset: DATASET,
    points,
  });

describe("getAnalyticsData: the same figures from D1 and from Analytics Engine", () => {
  const d1Env = { ...getAppEnv(env), CF_ACCOUNT_ID: undefined, CF_API_TOKEN: undefined };
  const aeEnv = { ...getAppEnv(env), ...ENGINE };

  beforeAll(async () => {
    // Enquiries are counted from what was stored: two about p1 in the window (the fixture's one
    // enquiry_sent beacon counts for nothing), one before it.
    await env.DB.prepare("delete from messages").run();
    for (const [id, at] of [
      ["m1", "2026-11-21T10:03:00.000Z"],
      ["m2", "2026-11-20T09:00:00.000Z"],
      ["m3", "2026-10-01T09:00:00.000Z"],
    ]) {
      await env.DB.prepare(
        "insert into messages (id, kind, post_id, name, email, message, created_at) values (?, 'enquiry', 'p1', 'N', 'n@example.com', 'Hello', ?)",
      )
        .bind(id, at)
        .run();
    }
    await env.DB.prepare("delete from page_views").run();
    for (const e of FIXTURE) {
      await env.DB.prepare(
        "insert into page_views (timestamp, event, path, visit_id, visitor, source, device, post_id) values (?, ?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(e.timestamp, e.event, e.path, e.visitId, e.visitor, e.source, e.device, e.artworkId || null)
        .run();
    }
  });

  it("7 days", async () => {
    const fromD1 = await getAnalyticsData("7d", { env: d1Env, d1: env.DB, now: NOW });
    expect(fromD1.source).toBe("D1");
    expect(fromD1.overview).toEqual({ totalPageViews: 5, uniqueVisitors: 3, bounceRate: 33.3, avgSessionDuration: 63 });
    expect(fromD1.topPages).toEqual([
      { path: "/gallery", views: 2, percentage: 40 },
      { path: "/post/p1", views: 2, percentage: 40 },
      { path: "/", views: 1, percentage: 20 },
    ]);
    expect(fromD1.deviceTypes).toEqual([
      { device: "Desktop", count: 2, percentage: 66.7 },
      { device: "Mobile", count: 1, percentage: 33.3 },
    ]);
    expect(fromD1.dailyViews.map((d) => d.views)).toEqual([0, 0, 0, 0, 2, 1, 2]);
    expect(fromD1.dailyViews.at(-1)!.date).toBe("2026-11-21");
    expect(fromD1.artworks).toEqual([{ artworkId: "p1", views: 2, enquiries: 2, conversionRate: 100 }]);

    const sql = sqlApiOver(fixturePoints(FIXTURE));
    const fromEngine = await getAnalyticsData("7d", { env: aeEnv, d1: env.DB, now: NOW });
    expect(fromEngine.source).toBe("Analytics Engine");
    expect({ ...fromEngine, source: "" }).toEqual({ ...fromD1, source: "" });

    // The SQL it sent: our dataset, the range's window in UTC, counts weighted by the sample interval.
    expect(sql.queries).toHaveLength(5);
    for (const query of sql.queries) {
      expect(query).toContain(
        `FROM ${DATASET} WHERE timestamp >= toDateTime('2026-11-15 00:00:00') AND timestamp < toDateTime('2026-11-22 00:00:00')`,
      );
      expect(query).toMatch(/FORMAT JSON$/);
    }
    expect(sql.queries.filter((query) => query.includes("_sample_interval"))).toHaveLength(3);
  });

  it("Today, 30 days and an empty range agree too", async () => {
    for (const range of ["1d", "30d"] as const) {
      const fromD1 = await getAnalyticsData(range, { env: d1Env, d1: env.DB, now: NOW });
      sqlApiOver(fixturePoints(FIXTURE));
      const fromEngine = await getAnalyticsData(range, { env: aeEnv, d1: env.DB, now: NOW });
      expect({ ...fromEngine, source: "" }).toEqual({ ...fromD1, source: "" });
    }
    const today = await getAnalyticsData("1d", { env: d1Env, d1: env.DB, now: NOW });
    expect(today.overview.totalPageViews).toBe(2);
    const month = await getAnalyticsData("30d", { env: d1Env, d1: env.DB, now: NOW });
    expect(month.overview.totalPageViews).toBe(6);
    expect(month.dailyViews).toHaveLength(30);

    const later = new Date("2027-06-01T12:00:00Z");
    const empty = await getAnalyticsData("7d", { env: d1Env, d1: env.DB, now: later });
    expect(empty.overview).toEqual({ totalPageViews: 0, uniqueVisitors: 0, bounceRate: 0, avgSessionDuration: 0 });
    expect(empty.dailyViews).toHaveLength(7);
  });
});

describe("/analytics", () => {
  it("signed out, shows the sign-in form and no figures", async () => {
    const html = await (await fetchApp("/analytics")).text();
    expect(html).toContain("Admin Access");
    expect(html).not.toContain("Page Views");
  });

  it("signed in, shows the figures for the range in the URL, 7 days by default", async () => {
    const cookie = await signIn();
    const html = await (await fetchApp("/analytics", { headers: { Cookie: cookie } })).text();
    for (const text of [
      "Page Views",
      "Unique Visitors",
      "Bounce Rate",
      "Avg. Session",
      "Top Pages",
      "Device Types",
      "Traffic Sources",
      "Daily Page Views",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/aria-current="page"[^>]*>7 Days/);
    const month = await (await fetchApp("/analytics?range=30d", { headers: { Cookie: cookie } })).text();
    expect(month).toMatch(/aria-current="page"[^>]*>30 Days/);
  });
});

/** The visible text of the element labelled `label` (a panel or the overview), tags and React's comments removed. */
function labelledText(html: string, label: string): string {
  const at = html.indexOf(`aria-label="${label}"`);
  const start = html.lastIndexOf("<", at);
  const tag = /^<(\w+)/.exec(html.slice(start))![1];
  return html
    .slice(start, html.indexOf(`</${tag}>`, at))
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("Analytics Engine end to end: what the beacon writes is what /analytics reads", () => {
  it("figures from beacons sent through /api/event, read back through the SQL API by the columns written", async () => {
    // Points are stamped by this clock, as Analytics Engine stamps them on arrival: ten minutes ago onwards.
    let clock = Date.now() - 10 * 60_000;
    const dataset = capturingDataset(() => new Date(clock));
    const engine = { ...ENGINE, ANALYTICS: dataset.binding };
    const phone = { "User-Agent": IPHONE, "CF-Connecting-IP": freshClientIp() };
    const laptop = { "User-Agent": DESKTOP_CHROME, "CF-Connecting-IP": freshClientIp() };
    const send = async (secondsLater: number, headers: Record<string, string>, body: Record<string, unknown>) => {
      clock += secondsLater * 1000;
      const { response } = await fetchWithEnv(engine, "/api/event", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(204);
    };
    const viewsInD1 = await rowCount();

    // A phone from Instagram: home, an artwork, then an enquiry about it, 2 min 30 s in all.
    const fromInstagram = { referrer: "https://l.instagram.com/", screenWidth: 390, visitId: "visit-phone-1" };
    await send(0, phone, { type: "pageview", path: "/", ...fromInstagram });
    await send(60, phone, { type: "pageview", path: "/post/e2e-art", ...fromInstagram });
    await send(90, phone, { type: "event", name: "enquiry_sent", path: "/post/e2e-art", ...fromInstagram });
    // A laptop from Google: one page (a bounce), then a second visit of two pages, 1 min 30 s.
    const fromGoogle = { referrer: "https://www.google.com/", screenWidth: 1280 };
    await send(5, laptop, { type: "pageview", path: "/gallery", visitId: "visit-laptop-1", ...fromGoogle });
    await send(5, laptop, { type: "pageview", path: "/gallery", visitId: "visit-laptop-2", ...fromGoogle });
    await send(90, laptop, { type: "pageview", path: "/about?from=menu", visitId: "visit-laptop-2", ...fromGoogle });
    // A crawler's beacon is not written at all.
    await send(
      1,
      { "User-Agent": GOOGLEBOT, "CF-Connecting-IP": freshClientIp() },
      { type: "pageview", path: "/", ...fromGoogle, visitId: "visit-bot-1" },
    );

    expect(dataset.points).toHaveLength(6);
    // With the SQL API configured, Analytics Engine is the only copy.
    expect(await rowCount()).toBe(viewsInD1);

    const sql = sqlApiOver(dataset.points);
    const { response } = await fetchWithEnv(engine, "/analytics?range=7d", { headers: { Cookie: await signIn() } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(sql.queries).toHaveLength(5);
    expect(labelledText(html, "Overview")).toBe("Page Views 5 Unique Visitors 2 Bounce Rate 33.3% Avg. Session 1:20");
    expect(labelledText(html, "Top Pages")).toBe(
      "Top Pages /gallery 2 (40%) / 1 (20%) /about 1 (20%) /post/e2e-art 1 (20%)",
    );
    expect(labelledText(html, "Device Types")).toBe("Device Types Desktop 2 (66.7%) Mobile 1 (33.3%)");
    expect(labelledText(html, "Traffic Sources")).toBe("Traffic Sources Google 2 (66.7%) Instagram 1 (33.3%)");
  });
});

describe("page views in D1 are kept for PAGE_VIEWS_RETENTION_DAYS (400)", () => {
  it("the Cron Trigger deletes older ones and keeps the rest", async () => {
    await env.DB.prepare("delete from page_views").run();
    const day = 24 * 60 * 60 * 1000;
    for (const [path, age] of [
      ["/old", 401 * day],
      ["/kept", 399 * day],
      ["/today", 0],
    ] as const) {
      await env.DB.prepare(
        "insert into page_views (timestamp, event, path, visit_id, visitor, source, device) values (?, 'pageview', ?, 'v', 'h', 'Direct', 'Desktop')",
      )
        .bind(new Date(Date.now() - age).toISOString(), path)
        .run();
    }
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("select path from page_views order by path").all<{ path: string }>();
    expect(results.map((row) => row.path)).toEqual(["/kept", "/today"]);
  });

  it("and the daily counters of the bound with them, so they too stay one row per kept day", async () => {
    await env.DB.prepare("delete from page_view_days").run();
    const dayAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const age of [402, 401, 399, 0]) {
      await env.DB.prepare("insert into page_view_days (day, offered, dropped, bound) values (?, 60000, 10000, 50000)")
        .bind(dayAgo(age))
        .run();
    }
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("select day from page_view_days order by day").all<{ day: string }>();
    expect(results.map((row) => row.day)).toEqual([dayAgo(399), dayAgo(0)]);
  });
});
