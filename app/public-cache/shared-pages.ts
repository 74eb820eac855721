// Which addresses are the public pages visitors share from the cache: the list the cache's tags are given for
// (tags.ts), apart from them so that the footer can ask in the browser without carrying the tags' code.

export const SHARED_PATHS = [
  "/",
  "/gallery",
  "/about",
  "/impact",
  "/events",
  "/testimonials",
  "/testimonials/add",
  "/contact",
  "/mailing-list",
  "/commissions",
  "/commissions/request",
  "/sitemap.xml",
  "/robots.txt",
] as const;

export type SharedPath = (typeof SHARED_PATHS)[number];

/** An artwork's page, /post/:id, with the id as its address writes it. */
export const ARTWORK_PAGE = /^\/post\/([^/]+)$/;
/** A certificate of authenticity's page, /certificate/:number. */
export const CERTIFICATE_PAGE = /^\/certificate\/([^/]+)$/;

const SHARED = new Set<string>(SHARED_PATHS);

export function isSharedPath(path: string): path is SharedPath {
  return SHARED.has(path);
}

/** Whether `pathname` is a page the cache shares (an artwork's whose id cannot be decoded is not). */
export function isSharedPage(pathname: string): boolean {
  if (isSharedPath(pathname) || CERTIFICATE_PAGE.test(pathname)) return true;
  const artwork = ARTWORK_PAGE.exec(pathname);
  return artwork !== null && decodedId(artwork[1]!) !== null;
}

/** An artwork page's id as the loader reads it (/post/%20abc shows "abc"), or null when it cannot be decoded. */
export function decodedId(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded).trim();
  } catch {
    return null;
  }
}
