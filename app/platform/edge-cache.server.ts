// Public pages for visitors come from the Workers cache of the Cloudflare data centre they reach, so a
// crowd arriving from one Instagram post costs one render a minute, not one per visitor. Only requests
// without cookies are served from or stored in the cache: the admin (who has a session cookie) always
// sees a fresh page, and sees every change at once. Visitors see a change within PUBLIC_CACHE_SECONDS.

/** Set on stored copies: when the page was rendered, to tell fresh from stale. */
const RENDERED_AT = "X-Rendered-At";
/** How much longer than fresh a stored page may still be served while a new one renders. */
const STALE_FACTOR = 10;

/** The cache key for a request that may be answered from the cache, or null. */
function cacheKeyFor(request: Request): Request | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return null;
  // A hard reload (and the bench's "render" measurements) asks for a fresh page.
  if (/no-cache|no-store/i.test(request.headers.get("Cache-Control") ?? "")) return null;
  const url = new URL(request.url);
  // Images are never stored here (they carry their own year-long browser caching), so a lookup could only miss.
  if (url.pathname.startsWith("/images/")) return null;
  url.hash = "";
  return new Request(url.toString(), { method: "GET" });
}

/** Pages and Remix's data for client navigations; never redirects, errors or anything setting a cookie. */
function isStorable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (type.startsWith("text/html") || type.startsWith("text/x-script"))
  );
}

function publicCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * STALE_FACTOR}`;
}

function withHeaders(response: Response, headers: Record<string, string | null>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) copy.headers.delete(name);
    else copy.headers.set(name, value);
  }
  return copy;
}

async function store(cache: Cache, key: Request, response: Response, seconds: number): Promise<void> {
  // The cache keeps the copy for the whole stale window; freshness is judged from RENDERED_AT.
  const stored = withHeaders(response, {
    "Cache-Control": `public, s-maxage=${seconds * (STALE_FACTOR + 1)}`,
    [RENDERED_AT]: String(Date.now()),
  });
  await cache.put(key, stored);
}

/**
 * Answers `request` from the cache when it may be, else renders it (storing a page visitors may share).
 * A stale copy is served at once while a fresh one renders in the background (stale-while-revalidate).
 */
export async function withEdgeCache(
  request: Request,
  options: { seconds: number; cache: Cache | undefined; waitUntil: (promise: Promise<unknown>) => void },
  render: () => Promise<Response>,
): Promise<Response> {
  const { seconds, cache, waitUntil } = options;
  const key = seconds > 0 && cache ? cacheKeyFor(request) : null;
  if (!key || !cache) {
    const response = await render();
    // What the admin (or anyone with a cookie) sees is theirs alone.
    return request.headers.has("Cookie") && isStorable(response)
      ? withHeaders(response, { "Cache-Control": "private, no-store" })
      : response;
  }

  const hit = await cache.match(key);
  if (hit) {
    const age = Date.now() - Number(hit.headers.get(RENDERED_AT) ?? 0);
    const stale = !(age >= 0 && age < seconds * 1000);
    if (stale) {
      waitUntil(
        render()
          .then(async (fresh) => {
            if (isStorable(fresh)) await store(cache, key, fresh, seconds);
            else await cache.delete(key);
          })
          .catch((error: unknown) => console.error("Refreshing a cached page failed:", error)),
      );
    }
    return withHeaders(hit, {
      "Cache-Control": publicCacheControl(seconds),
      [RENDERED_AT]: null,
      "X-Edge-Cache": stale ? "STALE" : "HIT",
    });
  }

  const response = await render();
  if (!isStorable(response)) return response;
  const visitorCopy = withHeaders(response, { "Cache-Control": publicCacheControl(seconds), "X-Edge-Cache": "MISS" });
  waitUntil(store(cache, key, visitorCopy.clone(), seconds).catch((error: unknown) => console.error(error)));
  return visitorCopy;
}
