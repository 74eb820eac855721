// Imported by load-context.ts (and so by vite.config.ts), where the "~" alias does not resolve.
import { fnv1a } from "../platform/fnv1a";
import { ARTWORK_PAGE, CERTIFICATE_PAGE, decodedId, isSharedPath, type SharedPath } from "./shared-pages";

// Cache tags: what a cached public page shows, and what a write changes. A page carries the tags of
// the data it shows; a write purges the tags of the data it changed, so exactly the pages that show
// that data render again on their next request (everywhere: see app/public-cache/purge.server.ts).

/** Every cached page: where there is no Workers Cache, "Refresh Public Pages" purges this tag. */
export const SITE_TAG = "site";
/** Every page that lists artworks: the home page, the gallery, the about page's covers, the sitemap. */
export const ARTWORKS_TAG = "artworks";
export const EVENTS_TAG = "events";
export const TESTIMONIALS_TAG = "testimonials";
/** Every page that names a charity or totals what was given: an artwork's page, the impact and about pages. */
export const CHARITIES_TAG = "charities";
/** The commissions page (/commissions), which the artist edits. */
export const COMMISSIONS_TAG = "commissions";
/** Every page that shows prices, with their conversion at the day's rates (app/rates). */
export const PRICES_TAG = "prices";

/** The page of one artwork (/post/:id). */
export function artworkTag(id: string): string {
  return `artwork:${tagValue(id)}`;
}

/**
 * The page of one certificate of authenticity (/certificate/7F3A-92C1-44D0-B8E5), by the number as its
 * address writes it (other spellings redirect there): a change to its sale purges it.
 */
export function certificateTag(numberText: string): string {
  return `certificate:${tagValue(numberText)}`;
}

/** One stored image (/images/:key), which the edge keeps for a year unless purged. */
export function imageTag(key: string): string {
  return `image:${tagValue(key)}`;
}

// Tags must be printable ASCII without spaces or commas, and Cloudflare matches them ignoring case.
function tagValue(value: string): string {
  const encoded = encodeURIComponent(value).toLowerCase();
  return encoded.length <= 200 ? encoded : `#${fnv1a(value)}`;
}

/** What a change to one artwork purges: the lists it appears in, its page, and images it no longer uses. */
export function artworkChangeTags(id: string, deletedImageKeys: readonly string[] = []): string[] {
  return [ARTWORKS_TAG, artworkTag(id), ...deletedImageKeys.map(imageTag)];
}

/**
 * The tags of a public page visitors may share from the cache, or null for anything else (admin
 * screens, forms' answers, the analytics beacon, images). `.data` URLs are Remix's data for the same
 * page on a client navigation, and carry the same tags.
 */
export function pageTags(url: URL): string[] | null {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const shows = isSharedPath(path) ? PAGES[path] : (artworkPageTags(path) ?? certificatePageTags(path));
  return shows ? [SITE_TAG, ...shows] : null;
}

// Every shared path's tags: adding a path to SHARED_PATHS asks for its tags here.
const PAGES: Record<SharedPath, string[]> = {
  "/": [ARTWORKS_TAG, EVENTS_TAG, PRICES_TAG],
  "/gallery": [ARTWORKS_TAG, PRICES_TAG],
  "/about": [ARTWORKS_TAG, CHARITIES_TAG],
  // What sales pledged (a sale purges ARTWORKS_TAG) and what was given (CHARITIES_TAG).
  "/impact": [ARTWORKS_TAG, CHARITIES_TAG],
  "/events": [EVENTS_TAG],
  "/testimonials": [TESTIMONIALS_TAG],
  "/testimonials/add": [],
  "/contact": [],
  "/mailing-list": [],
  "/commissions": [COMMISSIONS_TAG, PRICES_TAG],
  "/commissions/request": [],
  "/sitemap.xml": [ARTWORKS_TAG],
  "/robots.txt": [],
};

// A certificate shows its artwork's title, picture and details, so an artwork's change purges it too.
function certificatePageTags(path: string): string[] | null {
  const match = CERTIFICATE_PAGE.exec(path);
  return match ? [ARTWORKS_TAG, certificateTag(match[1]!)] : null;
}

function artworkPageTags(path: string): string[] | null {
  const match = ARTWORK_PAGE.exec(path);
  // The loader trims the id it reads: /post/%20abc shows "abc", so it carries abc's tag.
  const id = match ? decodedId(match[1]!) : null;
  return id === null ? null : [artworkTag(id), PRICES_TAG, CHARITIES_TAG];
}
