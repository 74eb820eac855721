// The dashboard's lists (artworks, events, testimonials, the Inbox) are paged alike, each by its own
// query parameter, so a flood in one table never makes the page heavy.

/** Rows per page of the dashboard's lists and tables. */
export const PAGE_SIZE = 25;

/**
 * Artwork and event cards per page: each card is a picture with its facts, so 12 (four rows of three on a
 * laptop) is already a long scroll on a phone, and keeps the whole dashboard under 100 KB.
 */
export const CARDS_PER_PAGE = 12;

/** Where one list stands: its page, how many pages, how many rows in all. */
export type Paging = { page: number; pages: number; total: number };

/** The page asked for by `?name=N`: 1 when absent or not a number, never beyond 10,000. */
export function pageParam(params: URLSearchParams, name: string): number {
  return Math.min(10_000, Math.max(1, Number.parseInt(params.get(name) ?? "1", 10) || 1));
}

/** LIMIT and OFFSET of `page`. */
export function pageWindow(page: number, size = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: size, offset: (page - 1) * size };
}

export function paging(page: number, total: number, size = PAGE_SIZE): Paging {
  return { page, pages: Math.max(1, Math.ceil(total / size)), total };
}

/**
 * The public lists (shop, events, testimonials) grow by "Show more": `?page=N` shows the first N
 * pages, so a page stays light however large the collection grows, and a link still works without
 * JavaScript. Never beyond this many pages.
 */
export const MAX_SHOWN_PAGES = 50;

/** What a "Show more" list asks for: its first `page` pages, and one row more, which says whether there is more. */
export function showMoreWindow(params: URLSearchParams, size: number): { page: number; shown: number; limit: number } {
  const page = Math.min(MAX_SHOWN_PAGES, pageParam(params, "page"));
  return { page, shown: page * size, limit: page * size + 1 };
}

/** The rows a "Show more" list shows, and whether there is more. */
export function showMore<T>(rows: T[], { page, shown }: { page: number; shown: number }) {
  return { page, hasMore: rows.length > shown && page < MAX_SHOWN_PAGES, rows: rows.slice(0, shown) };
}
