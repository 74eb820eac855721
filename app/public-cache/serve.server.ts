// How every response leaves the Worker, as far as caching goes. Public pages for visitors without
// cookies are shared: in production Workers Cache keeps them in front of the Worker (which then does
// not run on a hit) until PUBLIC_CACHE_SECONDS pass or a write purges one of their tags. Where Workers
// Cache is absent, the stand-in below does the same with the Cache API and D1. Everything else, and
// everything for the admin (who has a cookie), is never stored anywhere.
import type { Database } from "~/platform/db.server";
import { latestPurge, purgedSince } from "~/public-cache/purge.server";
import { pageTags } from "~/public-cache/tags";
import { BROWSER_CACHE_CONTROL, NOT_STORED } from "~/platform/cache-control";

export type ServeOptions = {
  /** How long a shared page may be reused when nothing purges it (PUBLIC_CACHE_SECONDS). */
  seconds: number;
  /** True when Workers Cache stands in front of the Worker; otherwise the stand-in serves. */
  atEdge: boolean;
  /** The stand-in's storage (the Cache API), absent where there is none. */
  storage: Cache | undefined;
  /** Where the stand-in reads purges, which every data centre sees: the primary. */
  database: Database;
  /**
   * What the render reads (the request's D1 session, perhaps a replica). The newest purge it has seen
   * is read there first, so a copy rendered from a replica that lags is marked as that old.
   */
  renderDatabase: Database;
  /**
   * The build and configuration that render pages: Workers Cache keeps each deployed version apart,
   * so the stand-in does too (a restart with other settings never serves pages rendered before it).
   */
  version: string;
};

export async function servePublic(
  request: Request,
  options: ServeOptions,
  render: () => Promise<Response>,
): Promise<Response> {
  const tags = isShareable(request) ? pageTags(new URL(request.url)) : null;
  if (!tags) return notShared(await render());
  if (options.atEdge) return forEdge(await render(), tags, options.seconds);
  return standIn(request, tags, options, render);
}

function isShareable(request: Request): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.headers.has("Cookie") &&
    !request.headers.has("Authorization")
  );
}

/** A 200 page, its data for a client navigation, the sitemap or robots.txt, setting no cookie. */
function isStorable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /^(text\/html|text\/x-script|application\/xml|text\/plain)\b/.test(type)
  );
}

function notShared(response: Response): Response {
  // Workers Cache stores a 200 without Cache-Control for two hours: nothing may leave without one.
  // Images keep their own year-long header (their keys never change content).
  if (response.headers.has("Cache-Control") && !isStorable(response)) return response;
  return withHeaders(response, { "Cache-Control": NOT_STORED });
}

/** The headers Workers Cache reads (and strips before the visitor sees them). */
function forEdge(response: Response, tags: string[], seconds: number): Response {
  if (!isStorable(response)) return withHeaders(response, { "Cache-Control": NOT_STORED });
  const shared = withHeaders(response, {
    "Cache-Control": BROWSER_CACHE_CONTROL,
    "Cloudflare-CDN-Cache-Control": `public, max-age=${seconds}`,
    "Cache-Tag": tags.join(","),
  });
  // The cache key leaves out cookies: a request with one (the admin) must not get this copy.
  shared.headers.append("Vary", "Cookie");
  return shared;
}

/** Set on the stand-in's stored copies: the newest purge when it began to render, and when it was stored. */
const SEEN = "X-Purge-Seen";
const STORED_AT = "X-Stored-At";

async function standIn(
  request: Request,
  tags: string[],
  { seconds, storage, database, renderDatabase, version }: ServeOptions,
  render: () => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  const key = new Request(`https://${version}.stand-in.invalid${url.pathname}${url.search}`, { method: "GET" });
  // A hard reload (and the bench's "rendered" measurements) asks for a fresh render, and gets what a
  // Worker does on a miss in production: the render, nothing else. Its copy is not stored: the stored
  // one is as current (a purge since would have made it a miss anyway).
  if (/no-cache|no-store/i.test(request.headers.get("Cache-Control") ?? "")) {
    return asServed(forEdge(await render(), tags, seconds), "BYPASS", request);
  }
  if (storage) {
    const hit = await storage.match(key);
    if (hit && (await isCurrent(hit, seconds, database))) return asServed(hit, "HIT", request);
  }
  const seen = await latestPurge(renderDatabase);
  const response = forEdge(await render(), tags, seconds);
  if (storage && request.method === "GET" && isStorable(response)) {
    await storage.put(
      key,
      withHeaders(response.clone(), {
        "Cache-Control": `public, max-age=${seconds}`,
        [SEEN]: String(seen),
        [STORED_AT]: String(Date.now()),
      }),
    );
  }
  return asServed(response, "MISS", request);
}

async function isCurrent(hit: Response, seconds: number, database: Database): Promise<boolean> {
  const age = Date.now() - Number(hit.headers.get(STORED_AT));
  if (!(age >= 0 && age < seconds * 1000)) return false;
  const tags = (hit.headers.get("Cache-Tag") ?? "").split(",").filter(Boolean);
  return !(await purgedSince(database, tags, Number(hit.headers.get(SEEN))));
}

/** As Cloudflare answers: its own headers stripped, the cache status added. */
function asServed(response: Response, status: "HIT" | "MISS" | "BYPASS", request: Request): Response {
  const shared = response.headers.has("Cache-Tag");
  const served = withHeaders(response, {
    "Cache-Tag": null,
    "Cloudflare-CDN-Cache-Control": null,
    [SEEN]: null,
    [STORED_AT]: null,
    ...(shared ? { "Cache-Control": BROWSER_CACHE_CONTROL, "Cf-Cache-Status": status } : {}),
  });
  return request.method === "HEAD" ? new Response(null, served) : served;
}

function withHeaders(response: Response, headers: Record<string, string | null>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) copy.headers.delete(name);
    else copy.headers.set(name, value);
  }
  return copy;
}
