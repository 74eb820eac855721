// First-party, cookie-free page-view logging. A beacon from the browser becomes one Workers Analytics
// Engine data point (and, while the SQL API is not configured, one D1 row, so /analytics works
// everywhere; at most PAGE_VIEWS_PER_DAY rows a UTC day). No IP address is stored: a visitor is a
// truncated HMAC of (UTC date, IP, User-Agent), which changes every day.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { UAParser } from "ua-parser-js";
import { z } from "zod";
import { clientIp } from "~/platform/client-ip";
import { hmacSign } from "~/platform/hmac.server";

export const NAMED_EVENTS = ["enquiry_sent", "contact_sent", "share", "testimonial_submitted"] as const;

const text = (max: number) => z.string().trim().max(max);

/** What the browser's beacon sends (app/analytics/client.ts). */
export const beaconSchema = z
  .object({
    type: z.enum(["pageview", "event"]),
    name: z.enum(NAMED_EVENTS).optional(),
    path: z
      .string()
      .max(512)
      .regex(/^\/[^\s]*$/, "a path starting with /"),
    referrer: text(2048).optional(),
    utm_source: text(100).optional(),
    utm_medium: text(100).optional(),
    utm_campaign: text(100).optional(),
    screenWidth: z.number().int().min(0).max(100_000).optional(),
    visitId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    artworkId: text(100).optional(),
  })
  .refine((beacon) => (beacon.type === "event") === (beacon.name !== undefined), {
    message: "a named event needs its name, and only a named event has one",
  });

export type Beacon = z.infer<typeof beaconSchema>;

// Referrer hosts grouped under the names the artist knows; matched on the host's last labels.
const SOURCES: Array<[RegExp, string]> = [
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)yahoo\.[a-z.]+$/, "Yahoo"],
  [/(^|\.)ecosia\.org$/, "Ecosia"],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)(facebook\.com|fb\.me|fb\.com)$/, "Facebook"],
  [/(^|\.)(pinterest\.[a-z.]+|pin\.it)$/, "Pinterest"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "X (Twitter)"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "LinkedIn"],
  [/(^|\.)tiktok\.com$/, "TikTok"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "YouTube"],
  [/(^|\.)reddit\.com$/, "Reddit"],
  [/(^|\.)threads\.net$/, "Threads"],
];

// utm_source values people type for the same networks.
const UTM_ALIASES: Record<string, string> = {
  ig: "Instagram",
  instagram: "Instagram",
  fb: "Facebook",
  facebook: "Facebook",
  google: "Google",
  pinterest: "Pinterest",
  twitter: "X (Twitter)",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  newsletter: "Newsletter",
  email: "Email",
};

/** Where a visit came from: utm_source, else the referrer's site by name, else 'Direct' (own pages count as Direct). */
export function sourceOf(utmSource: string | undefined, referrer: string | undefined, ownHost: string): string {
  const utm = utmSource?.trim().toLowerCase();
  if (utm) return UTM_ALIASES[utm] ?? utm.slice(0, 50);
  if (!referrer) return "Direct";
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return "Direct";
  }
  if (!host || host === ownHost || host === "localhost" || host === "127.0.0.1") return "Direct";
  const known = SOURCES.find(([pattern]) => pattern.test(host));
  return known ? known[1] : host.replace(/^(www|m|l|lm)\./, "");
}

export type Device = "Mobile" | "Desktop" | "Tablet";

/** Mobile, Tablet or Desktop from the User-Agent; the screen width settles what the UA does not say. */
export function deviceOf(userAgent: string, screenWidth?: number): Device {
  const type = new UAParser(userAgent).getDevice().type;
  if (type === "mobile" || type === "wearable") return "Mobile";
  if (type === "tablet") return "Tablet";
  if (screenWidth !== undefined && screenWidth > 0) {
    if (screenWidth < 600) return "Mobile";
    // iPads ask for desktop pages with a Mac User-Agent; their screens are narrower than a Mac's.
    if (screenWidth <= 1024 && /Macintosh/.test(userAgent)) return "Tablet";
  }
  return "Desktop";
}

const ARTWORK_PATH = /^\/post\/([^/?#]+)/;

async function visitorHash(secret: string, day: string, ip: string, userAgent: string): Promise<string> {
  const mac = await hmacSign("analytics-visitor", secret, `${day}|${ip}|${userAgent}`);
  return [...mac.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether /analytics reads Analytics Engine through its SQL API (both credentials set) or D1. */
export function usesAnalyticsEngineSql(env: { CF_ACCOUNT_ID?: string; CF_API_TOKEN?: string }): boolean {
  return Boolean(env.CF_ACCOUNT_ID && env.CF_API_TOKEN);
}

/** What one beacon records: the D1 row's fields, and the campaign's medium and name (Analytics Engine only). */
export type RecordedView = {
  event: string;
  path: string;
  visitId: string;
  visitor: string;
  source: string;
  device: Device;
  country: string | null;
  artworkId: string | null;
  screenWidth: number | null;
  utmMedium?: string;
  utmCampaign?: string;
};

/**
 * The Analytics Engine data point for one beacon; report.server.ts reads these columns back
 * (documented in docs/analytics.md): blob1 event, blob2 path, blob3 visit id, blob4 visitor hash, blob5
 * source, blob6 device, blob7 country, blob8 artwork id, blob9 utm_medium, blob10 utm_campaign;
 * double1 screen width; index1 visitor hash (the sampling key).
 */
export function dataPointOf(view: RecordedView): AnalyticsEngineDataPoint {
  return {
    indexes: [view.visitor],
    blobs: [
      view.event,
      view.path,
      view.visitId,
      view.visitor,
      view.source,
      view.device,
      view.country ?? "",
      view.artworkId ?? "",
      view.utmMedium ?? "",
      view.utmCampaign ?? "",
    ],
    doubles: [view.screenWidth ?? 0],
  };
}

/** Records one beacon: an Analytics Engine data point, plus a D1 row while the SQL API is not configured. */
export async function recordBeacon(
  request: Request,
  context: AppLoadContext,
  beacon: Beacon,
  now: Date = new Date(),
): Promise<void> {
  const userAgent = request.headers.get("User-Agent") ?? "";
  const event = beacon.type === "pageview" ? "pageview" : beacon.name!;
  const artworkId = beacon.artworkId || ARTWORK_PATH.exec(beacon.path)?.[1] || "";
  const visitor = await visitorHash(
    context.env.SESSION_SECRET[0]!,
    now.toISOString().slice(0, 10),
    clientIp(request),
    userAgent,
  );
  const row = {
    event,
    // A client's private link (/commissions/progress/{token}) is counted without its key.
    path: beacon.path.split(/[?#]/)[0]!.replace(/^(\/commissions\/progress)\/.*$/, "$1"),
    visitId: beacon.visitId,
    visitor,
    source: sourceOf(beacon.utm_source, beacon.referrer, new URL(request.url).hostname),
    device: deviceOf(userAgent, beacon.screenWidth),
    country: (request as { cf?: { country?: string } }).cf?.country ?? null,
    artworkId: artworkId ? decodeURIComponentSafe(artworkId) : null,
    screenWidth: beacon.screenWidth ?? null,
  };
  context.cloudflare.env.ANALYTICS.writeDataPoint(
    dataPointOf({ ...row, utmMedium: beacon.utm_medium, utmCampaign: beacon.utm_campaign }),
  );
  if (!usesAnalyticsEngineSql(context.env)) {
    await storeWithinDailyBound(
      context.cloudflare.env.DB,
      { ...row, timestamp: now.toISOString() },
      {
        day: now.toISOString().slice(0, 10),
        bound: context.env.PAGE_VIEWS_PER_DAY,
      },
    );
  }
}

type StoredView = Omit<RecordedView, "utmMedium" | "utmCampaign"> & { timestamp: string };

/**
 * Stores one page view in D1 unless the UTC day already holds `bound` of them; then counts it as dropped.
 * One batch (one transaction, which D1 runs one at a time): the day's counter goes up first, and the
 * insert and the drop both read that same count, so of beacons arriving together exactly those within
 * the bound are stored, and each of the others is counted as dropped. Nothing is inserted to be taken
 * back, so no reader ever sees the day past its bound. Whether it was stored is not told to the caller:
 * the browser is answered 204 either way.
 */
export async function storeWithinDailyBound(
  d1: D1Database,
  view: StoredView,
  { day, bound }: { day: string; bound: number },
): Promise<void> {
  await d1.batch([
    d1
      .prepare(
        "INSERT INTO page_view_days (day, offered) VALUES (?1, 1) ON CONFLICT (day) DO UPDATE SET offered = offered + 1",
      )
      .bind(day),
    d1
      .prepare(
        `INSERT INTO page_views (timestamp, event, path, visit_id, visitor, source, device, country, screen_width, post_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM page_view_days WHERE day = ?11 AND offered <= ?12`,
      )
      .bind(
        view.timestamp,
        view.event,
        view.path,
        view.visitId,
        view.visitor,
        view.source,
        view.device,
        view.country,
        view.screenWidth,
        view.artworkId,
        day,
        bound,
      ),
    d1
      .prepare("UPDATE page_view_days SET dropped = dropped + 1, bound = ?2 WHERE day = ?1 AND offered > ?2")
      .bind(day, bound),
  ]);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Beacons not to count: bots, and the admin looking at their own site. */
export function isUncounted(request: Request): boolean {
  return isbot(request.headers.get("User-Agent") ?? "");
}
