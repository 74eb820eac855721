// A same-site crawl: pages fetched breadth-first from a start page, every reference on them fetched
// once and its answer kept, so a judge can report what is broken and where it was linked from.
import type { APIRequestContext } from "@playwright/test";
import { referencesIn } from "./references";

export type Fetched = {
  url: string;
  /** Where it ended after redirects (path and query). */
  finalUrl: string;
  status: number;
  contentType: string;
  /** The body of an HTML answer (pages only). */
  html?: string;
  /** Pages that refer to it, each with the attribute, e.g. `/ a[href]`. */
  referrers: string[];
};

export type Crawl = Map<string, Fetched>;

/**
 * Fetches `start` and follows same-origin links up to `depth` levels (the start page is level 0);
 * every same-origin href, src and srcset candidate on a fetched page is fetched too. Keys are URLs
 * relative to the origin (path and query).
 */
export async function crawl(request: APIRequestContext, origin: string, start: string, depth: number): Promise<Crawl> {
  const seen: Crawl = new Map();
  const fetchOnce = async (path: string): Promise<Fetched> => {
    // Each call gets a list without repeats, so no two fetches of one URL overlap.
    const entry = seen.get(path) ?? (await fetchEntry(request, path));
    seen.set(path, entry);
    return entry;
  };

  const parsed = new Set<string>();
  let level = [start];
  for (let at = 0; at <= depth && level.length > 0; at++) {
    const pages = await inBatches(level, fetchOnce);
    for (const page of pages) parsed.add(page.url);
    const references: { path: string; from: string; navigable: boolean }[] = [];
    for (const page of pages) {
      if (!page.html) continue;
      for (const reference of referencesIn(page.html, new URL(page.url, origin))) {
        if (reference.url.origin !== origin) continue;
        const path = reference.url.pathname + reference.url.search;
        references.push({ path, from: `${page.url} ${reference.attribute}`, navigable: reference.navigable });
      }
    }
    await inBatches([...new Set(references.map((reference) => reference.path))], fetchOnce);
    const next = new Set<string>();
    for (const reference of references) {
      const target = seen.get(reference.path)!;
      if (!target.referrers.includes(reference.from)) target.referrers.push(reference.from);
      if (reference.navigable && target.html && !parsed.has(reference.path)) next.add(reference.path);
    }
    level = [...next];
  }
  return seen;
}

/** One GET, redirects followed; the body is kept for HTML answers. */
export async function fetchEntry(request: APIRequestContext, path: string): Promise<Fetched> {
  const response = await request.get(path, { failOnStatusCode: false, maxRedirects: 5 });
  const final = new URL(response.url());
  const contentType = response.headers()["content-type"] ?? "";
  const html = contentType.startsWith("text/html") ? await response.text() : undefined;
  if (html === undefined) await response.body();
  return {
    url: path,
    finalUrl: final.pathname + final.search,
    status: response.status(),
    contentType,
    html,
    referrers: [],
  };
}

async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>, size = 6): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size)
    results.push(...(await Promise.all(items.slice(at, at + size).map(run))));
  return results;
}
