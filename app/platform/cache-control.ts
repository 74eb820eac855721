// The two Cache-Control values the Worker gives (see serve.server.ts for when each applies). No imports:
// server.ts and the Worker's own refusals (413, 403) use them too.

/** What browsers get on a shared page: ask again every time, so a purge reaches them at once too. */
export const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** Anything not shared: the admin's pages, forms' answers, errors, redirects. */
export const NOT_STORED = "private, no-store";
