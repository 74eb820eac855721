import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATASET, getAnalyticsData, sqlApiUrl } from "~/analytics/report.server";
import { getAppEnv } from "~/platform/env.server";
import { signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";
import { freshClientIp } from "../support/addresses";
import worker from "../../server";
import { http, outbound } from "../support/outbound";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
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

  it("records a page view without the IP address, with device, source, post id and a daily visitor hash", async () => {
    const response = await beacon(pageView("/post/abc"), { "CF-Connecting-IP": "198.51.100.23" });
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
    expect(JSON.stringify(row)).not.toContain("198.51.100.23");
  });

  it("records a named event with its post id", async () => {
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
    // The local limiter counts per wall-clock minute, so a burst that crosses a minute starts a new count:
    // such a burst says nothing and is sent again from a new address (two in a row cannot both cross).
    const minute = () => Math.floor(Date.now() / 60_000);
    for (const ip of ["192.0.2.200", "192.0.2.201"]) {
      const started = minute();
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await beacon(pageView("/"), { "CF-Connecting-IP": ip })).status);
      if (minute() !== started) continue;
      expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
      expect(statuses[120]).toBe(429);
      return;
    }
    throw new Error("Both bursts crossed a minute boundary.");
    // 242 requests at most, on a machine that may be busy.
  }, 30_000);
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

const sqlSeen: string[] = [];

/** The SQL API at the HTTP boundary, answering its documented JSON format ({ meta, data, rows }) for our five queries. */
function fakeSqlApi(events: FixtureEvent[]) {
  const handler = http.post(sqlApiUrl("account-123"), async ({ request: intercepted }) => {
    const request = intercepted as unknown as Request;
    expect(request.url).toBe(sqlApiUrl("account-123"));
    expect(request.method).toBe("POST");
    expect(request.headers.get("Authorization")).toBe("Bearer token-abc");
    const sql = await request.text();
    sqlSeen.push(sql);
    const [, from, to] = /timestamp >= toDateTime\('([^']+)'\) AND timestamp < toDateTime\('([^']+)'\)/.exec(sql) ?? [];
    const inWindow = events.filter((e) => {
      const t = e.timestamp.slice(0, 19).replace("T", " ");
      return t >= from! && t < to!;
    });
    const views = inWindow.filter((e) => e.event === "pageview");
    const groups = <T>(
      list: FixtureEvent[],
      key: (e: FixtureEvent) => string,
      make: (k: string, g: FixtureEvent[]) => T,
    ) => {
      const map = new Map<string, FixtureEvent[]>();
      for (const e of list) map.set(key(e), [...(map.get(key(e)) ?? []), e]);
      return [...map.entries()].map(([k, g]) => make(k, g));
    };
    const ch = (iso: string) => iso.slice(0, 19).replace("T", " ");
    let data: unknown[];
    if (sql.includes("AS hour")) {
      data = groups(
        views,
        (e) => e.timestamp.slice(0, 13),
        (hour, g) => ({ hour: `${hour.replace("T", " ")}:00:00`, views: String(g.length) }),
      );
    } else if (sql.includes("AS path")) {
      data = groups(
        views,
        (e) => e.path,
        (path, g) => ({ path, views: String(g.length) }),
      ).sort((a, b) => Number(b.views) - Number(a.views) || a.path.localeCompare(b.path));
    } else if (sql.includes("AS visitId")) {
      data = groups(
        inWindow,
        (e) => e.visitId,
        (visitId, g) => ({
          visitId,
          views: String(g.filter((e) => e.event === "pageview").length),
          first: ch(g.map((e) => e.timestamp).sort()[0]!),
          last: ch(
            g
              .map((e) => e.timestamp)
              .sort()
              .at(-1)!,
          ),
          device: g[0]!.device,
          source: g[0]!.source,
        }),
      );
    } else if (sql.includes("COUNT(DISTINCT blob4)")) {
      data = [{ visitors: String(new Set(views.map((e) => e.visitor)).size) }];
    } else {
      data = groups(
        views.filter((e) => e.artworkId),
        (e) => e.artworkId,
        (artworkId, g) => ({ artworkId, views: String(g.length) }),
      );
    }
    return Response.json({ meta: [], data, rows: data.length, rows_before_limit_at_least: data.length });
  });
  outbound.use(handler);
}

describe("getAnalyticsData: the same figures from D1 and from Analytics Engine", () => {
  const d1Env = { ...getAppEnv(env), CF_ACCOUNT_ID: undefined, CF_API_TOKEN: undefined };
  const aeEnv = { ...getAppEnv(env), CF_ACCOUNT_ID: "account-123", CF_API_TOKEN: "token-abc" };

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

    sqlSeen.length = 0;
    fakeSqlApi(FIXTURE);
    const fromEngine = await getAnalyticsData("7d", { env: aeEnv, d1: env.DB, now: NOW });
    expect(fromEngine.source).toBe("Analytics Engine");
    expect({ ...fromEngine, source: "" }).toEqual({ ...fromD1, source: "" });

    // The SQL it sent: our dataset, the range's window in UTC, counts weighted by the sample interval.
    expect(sqlSeen).toHaveLength(5);
    for (const sql of sqlSeen) {
      expect(sql).toContain(
        `FROM ${DATASET} WHERE timestamp >= toDateTime('2026-11-15 00:00:00') AND timestamp < toDateTime('2026-11-22 00:00:00')`,
      );
      expect(sql).toMatch(/FORMAT JSON$/);
    }
    expect(sqlSeen.filter((sql) => sql.includes("_sample_interval"))).toHaveLength(3);
  });

  it("Today, 30 days and an empty range agree too", async () => {
    for (const range of ["1d", "30d"] as const) {
      const fromD1 = await getAnalyticsData(range, { env: d1Env, d1: env.DB, now: NOW });
      fakeSqlApi(FIXTURE);
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
});
