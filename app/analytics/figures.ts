// The analytics arithmetic, shared by both data sources (Analytics Engine's SQL API and D1) so the
// figures mean exactly the same whichever one answered. Pure: the unit tests call it directly.
import { addDays, SITE_TIME_ZONE, todayIn } from "~/ui/dates";

export const ANALYTICS_RANGES = ["1d", "7d", "30d", "90d"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_RANGE: AnalyticsRange = "7d";

export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  "1d": "Today",
  "7d": "7 Days",
  "30d": "30 Days",
  "90d": "90 Days",
};

export function parseRange(value: string | null | undefined): AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? "") ? (value as AnalyticsRange) : DEFAULT_RANGE;
}

/** The UTC instant at which `date` (YYYY-MM-DD) begins in London. */
export function londonMidnight(date: string): Date {
  // London is UTC or UTC+1; try both offsets and keep the one that is midnight there.
  for (const offset of [0, 1]) {
    const candidate = new Date(`${date}T00:00:00.000Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    if (londonDateOf(candidate) === date && londonHourOf(candidate) === 0) return candidate;
  }
  return new Date(`${date}T00:00:00.000Z`);
}

const hourFormat = new Intl.DateTimeFormat("en-GB", { timeZone: SITE_TIME_ZONE, hour: "2-digit", hourCycle: "h23" });

export function londonDateOf(instant: Date): string {
  return todayIn(SITE_TIME_ZONE, instant);
}

function londonHourOf(instant: Date): number {
  return Number(hourFormat.format(instant));
}

/** The days a range covers (today and the days before it, in London) and the UTC instants bounding them. */
export function rangeBounds(range: AnalyticsRange, now: Date = new Date()) {
  const days = Number.parseInt(range, 10);
  const today = todayIn(SITE_TIME_ZONE, now);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  return { dates, start: londonMidnight(dates[0]!), end: londonMidnight(addDays(today, 1)) };
}

/** What a data source answers for a range, before any arithmetic. Counts already account for sampling. */
export type AnalyticsRows = {
  /** Page views per UTC hour ("2026-11-21T09"). */
  hourly: Array<{ hour: string; views: number }>;
  /** Page views per path, most viewed first. */
  pages: Array<{ path: string; views: number }>;
  /** One row per visit: its page views, first and last event (ISO instants), device and source. */
  visits: Array<{ visitId: string; views: number; first: string; last: string; device: string; source: string }>;
  /** Distinct daily visitor hashes (the hash changes every UTC day, so this is the sum over days). */
  uniqueVisitors: number;
  /** Artwork page views and enquiries per artwork id. */
  artworks: Array<{ artworkId: string; views: number; enquiries: number }>;
};

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

function shares<K extends string>(counts: Map<string, number>, key: K, total: number) {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(
      ([name, count]) =>
        ({ [key]: name, count, percentage: percentOf(count, total) }) as Record<K, string> & {
          count: number;
          percentage: number;
        },
    );
}

export const TOP_PAGES = 10;

/**
 * The spec's response shape from a source's rows. A visit is one visit id; bounce rate is the share of
 * visits with exactly one page view; session duration is last minus first event of a visit, averaged
 * over visits (seconds); devices and sources count visits; every day of the range is present.
 */
export function summarise(rows: AnalyticsRows, dates: string[]) {
  const totalPageViews = rows.hourly.reduce((sum, row) => sum + row.views, 0);
  const visits = rows.visits.filter((visit) => visit.views > 0);
  const bounces = visits.filter((visit) => visit.views === 1).length;
  const duration = visits.reduce((sum, v) => sum + Math.max(0, Date.parse(v.last) - Date.parse(v.first)) / 1000, 0);

  const perDay = new Map(dates.map((date) => [date, 0]));
  for (const { hour, views } of rows.hourly) {
    const date = londonDateOf(new Date(`${hour}:00:00.000Z`));
    if (perDay.has(date)) perDay.set(date, perDay.get(date)! + views);
  }
  const devices = new Map<string, number>();
  const sources = new Map<string, number>();
  for (const visit of visits) {
    devices.set(visit.device, (devices.get(visit.device) ?? 0) + 1);
    sources.set(visit.source, (sources.get(visit.source) ?? 0) + 1);
  }

  return {
    overview: {
      totalPageViews,
      uniqueVisitors: rows.uniqueVisitors,
      bounceRate: percentOf(bounces, visits.length),
      avgSessionDuration: visits.length ? Math.round(duration / visits.length) : 0,
    },
    topPages: rows.pages
      .slice(0, TOP_PAGES)
      .map(({ path, views }) => ({ path, views, percentage: percentOf(views, totalPageViews) })),
    deviceTypes: shares(devices, "device", visits.length),
    trafficSources: shares(sources, "source", visits.length),
    dailyViews: [...perDay.entries()].map(([date, views]) => ({ date, views })),
    artworks: rows.artworks.map((artwork) => ({
      ...artwork,
      conversionRate: percentOf(artwork.enquiries, artwork.views),
    })),
  };
}

export type AnalyticsData = ReturnType<typeof summarise>;

/** Seconds as m:ss, the way the overview card shows a session. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
