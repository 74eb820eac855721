// Reading page views for /analytics: from Workers Analytics Engine through its SQL API when
// CF_ACCOUNT_ID and CF_API_TOKEN are set, else from the D1 copy. Both sources answer the same five
// questions (AnalyticsRows) and one function (summarise) turns the answers into figures. Enquiries
// per artwork are business figures: they are counted from the enquiries stored in D1, never from
// beacons, which anyone can send.
import { usesAnalyticsEngineSql } from "~/analytics/record.server";
import type { AppEnv } from "~/platform/env.server";
import { rangeBounds, summarise, TOP_PAGES, type AnalyticsRange, type AnalyticsRows } from "~/analytics/figures";

/** The Analytics Engine dataset the ANALYTICS binding writes to (wrangler.toml). */
export const DATASET = "page_views";
export const SQL_API_TIMEOUT_MS = 15_000;
const MAX_VISITS = 20_000;
const MAX_ARTWORKS = 50;

export function sqlApiUrl(accountId: string): string {
  return `https://api.cloudflare.com/client/v4/accounts/${accountId}/analytics_engine/sql`;
}

/** An instant as Analytics Engine's SQL writes DateTime values: "2026-11-21 09:00:00" (UTC). */
const sqlTime = (instant: Date) => instant.toISOString().slice(0, 19).replace("T", " ");

/** The five queries for a time window, in Analytics Engine SQL (counts weighted by the sample interval). */
export function analyticsEngineQueries(start: Date, end: Date) {
  const where = `timestamp >= toDateTime('${sqlTime(start)}') AND timestamp < toDateTime('${sqlTime(end)}')`;
  const views = "SUM(_sample_interval)";
  return {
    hourly: `SELECT toStartOfHour(timestamp) AS hour, ${views} AS views FROM ${DATASET} WHERE ${where} AND blob1 = 'pageview' GROUP BY hour ORDER BY hour FORMAT JSON`,
    pages: `SELECT blob2 AS path, ${views} AS views FROM ${DATASET} WHERE ${where} AND blob1 = 'pageview' GROUP BY path ORDER BY views DESC, path LIMIT ${TOP_PAGES} FORMAT JSON`,
    visits: `SELECT blob3 AS visitId, countIf(blob1 = 'pageview') AS views, MIN(timestamp) AS first, MAX(timestamp) AS last, MAX(blob6) AS device, MAX(blob5) AS source FROM ${DATASET} WHERE ${where} GROUP BY visitId LIMIT ${MAX_VISITS} FORMAT JSON`,
    unique: `SELECT COUNT(DISTINCT blob4) AS visitors FROM ${DATASET} WHERE ${where} AND blob1 = 'pageview' FORMAT JSON`,
    artworks: `SELECT blob8 AS artworkId, ${views} AS views FROM ${DATASET} WHERE ${where} AND blob1 = 'pageview' AND blob8 != '' GROUP BY artworkId ORDER BY views DESC LIMIT ${MAX_ARTWORKS} FORMAT JSON`,
  };
}

/** Thrown when the SQL API cannot answer; its message is what the 'Analytics Error' panel shows. */
export class AnalyticsUnavailable extends Error {}

async function runSql(env: AppEnv, sql: string): Promise<Array<Record<string, string | number>>> {
  let response: Response;
  try {
    response = await fetch(sqlApiUrl(env.CF_ACCOUNT_ID!), {
      method: "POST",
      headers: { Authorization: `Bearer ${env.CF_API_TOKEN}` },
      body: sql,
      signal: AbortSignal.timeout(SQL_API_TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "it did not answer in time" : String(error);
    throw new AnalyticsUnavailable(`Analytics Engine could not be reached: ${reason}.`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new AnalyticsUnavailable(`Analytics Engine answered ${response.status}${detail ? `: ${detail}` : ""}.`);
  }
  const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
  if (!body || !Array.isArray(body.data)) throw new AnalyticsUnavailable("Analytics Engine sent an unreadable answer.");
  return body.data as Array<Record<string, string | number>>;
}

// ClickHouse's JSON writes 64-bit counts as strings and DateTime as "YYYY-MM-DD hh:mm:ss" in UTC.
const count = (value: unknown) => Number(value ?? 0) || 0;
const instant = (value: unknown) => `${String(value).replace(" ", "T").slice(0, 19)}Z`;

/** What both page-view sources answer: artworks by views alone (enquiries come from D1's messages). */
type ViewRows = Omit<AnalyticsRows, "artworks"> & { artworks: Array<{ artworkId: string; views: number }> };

async function fromAnalyticsEngine(env: AppEnv, start: Date, end: Date): Promise<ViewRows> {
  const queries = analyticsEngineQueries(start, end);
  const [hourly, pages, visits, unique, artworks] = await Promise.all(
    [queries.hourly, queries.pages, queries.visits, queries.unique, queries.artworks].map((sql) => runSql(env, sql)),
  );
  return {
    hourly: hourly!.map((row) => ({ hour: instant(row.hour).slice(0, 13), views: count(row.views) })),
    pages: pages!.map((row) => ({ path: String(row.path), views: count(row.views) })),
    visits: visits!.map((row) => ({
      visitId: String(row.visitId),
      views: count(row.views),
      first: instant(row.first),
      last: instant(row.last),
      device: String(row.device),
      source: String(row.source),
    })),
    uniqueVisitors: count(unique![0]?.visitors),
    artworks: artworks!.map((row) => ({ artworkId: String(row.artworkId), views: count(row.views) })),
  };
}

/** A UTC day on which beacons past PAGE_VIEWS_PER_DAY were not stored in D1: how many, and the bound then. */
export type DroppedDay = { day: string; dropped: number; bound: number };

async function fromD1(
  d1: D1Database,
  start: Date,
  end: Date,
  dates: string[],
): Promise<ViewRows & { droppedDays: DroppedDay[] }> {
  const window = "timestamp >= ?1 AND timestamp < ?2";
  const bind = (sql: string) => d1.prepare(sql).bind(start.toISOString(), end.toISOString());
  const [hourly, pages, visits, unique, artworks, dropped] = await d1.batch([
    bind(
      `SELECT substr(timestamp, 1, 13) AS hour, COUNT(*) AS views FROM page_views WHERE ${window} AND event = 'pageview' GROUP BY hour ORDER BY hour`,
    ),
    bind(
      `SELECT path, COUNT(*) AS views FROM page_views WHERE ${window} AND event = 'pageview' GROUP BY path ORDER BY views DESC, path LIMIT ${TOP_PAGES}`,
    ),
    bind(
      `SELECT visit_id AS visitId, SUM(event = 'pageview') AS views, MIN(timestamp) AS first, MAX(timestamp) AS last, MAX(device) AS device, MAX(source) AS source FROM page_views WHERE ${window} GROUP BY visit_id LIMIT ${MAX_VISITS}`,
    ),
    bind(`SELECT COUNT(DISTINCT visitor) AS visitors FROM page_views WHERE ${window} AND event = 'pageview'`),
    bind(
      `SELECT post_id AS artworkId, COUNT(*) AS views FROM page_views WHERE ${window} AND event = 'pageview' AND post_id IS NOT NULL AND post_id != '' GROUP BY post_id ORDER BY views DESC LIMIT ${MAX_ARTWORKS}`,
    ),
    // The counters are per UTC day; the range's days are London's, which differ by an hour at most.
    d1
      .prepare(
        "SELECT day, dropped, bound FROM page_view_days WHERE day >= ?1 AND day <= ?2 AND dropped > 0 ORDER BY day",
      )
      .bind(dates[0], dates.at(-1)),
  ]);
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  return {
    hourly: rows<{ hour: string; views: number }>(hourly),
    pages: rows<{ path: string; views: number }>(pages),
    visits: rows<AnalyticsRows["visits"][number]>(visits),
    uniqueVisitors: rows<{ visitors: number }>(unique)[0]?.visitors ?? 0,
    artworks: rows<ViewRows["artworks"][number]>(artworks),
    droppedDays: rows<DroppedDay>(dropped),
  };
}

/** getAnalyticsData(range) of the spec, from whichever source is configured. */
export async function getAnalyticsData(range: AnalyticsRange, deps: { env: AppEnv; d1: D1Database; now?: Date }) {
  const { dates, start, end } = rangeBounds(range, deps.now);
  const engine = usesAnalyticsEngineSql(deps.env);
  const [{ droppedDays, ...viewed }, enquiries] = await Promise.all([
    // Analytics Engine takes every beacon: only the D1 copy has a daily bound.
    engine
      ? fromAnalyticsEngine(deps.env, start, end).then((rows) => ({ ...rows, droppedDays: [] as DroppedDay[] }))
      : fromD1(deps.d1, start, end, dates),
    enquiriesPerArtwork(deps.d1, start, end),
  ]);
  const rows = { ...viewed, artworks: withEnquiries(viewed.artworks, enquiries) };
  return { source: engine ? "Analytics Engine" : "D1", ...summarise(rows, dates), droppedDays };
}

/** Enquiries stored in D1 in the window, per artwork: what visitors really sent. */
async function enquiriesPerArtwork(d1: D1Database, start: Date, end: Date): Promise<Map<string, number>> {
  const { results } = await d1
    .prepare(
      "SELECT post_id AS artworkId, COUNT(*) AS enquiries FROM messages WHERE kind = 'enquiry' AND created_at >= ?1 AND created_at < ?2 AND post_id IS NOT NULL GROUP BY post_id",
    )
    .bind(start.toISOString(), end.toISOString())
    .all<{ artworkId: string; enquiries: number }>();
  return new Map(results.map(({ artworkId, enquiries }) => [artworkId, enquiries]));
}

/** The viewed artworks with their enquiries, and the enquired-about ones nobody viewed in the window. */
function withEnquiries(
  viewed: Array<{ artworkId: string; views: number }>,
  enquiries: Map<string, number>,
): AnalyticsRows["artworks"] {
  const rows = viewed.map(({ artworkId, views }) => ({ artworkId, views, enquiries: enquiries.get(artworkId) ?? 0 }));
  const seen = new Set(viewed.map(({ artworkId }) => artworkId));
  for (const [artworkId, count] of enquiries) {
    if (!seen.has(artworkId)) rows.push({ artworkId, views: 0, enquiries: count });
  }
  rows.sort((a, b) => b.views - a.views || b.enquiries - a.enquiries);
  return rows.slice(0, MAX_ARTWORKS);
}
