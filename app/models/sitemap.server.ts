import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { CATEGORIES, galleryHref } from "~/lib/categories";
import { absoluteUrl } from "~/lib/seo";
import { postPath } from "~/lib/post-path";

export type SitemapEntry = { loc: string; lastmod?: string };

const PUBLIC_PAGES = ["/", "/gallery", "/about", "/events", "/testimonials", "/testimonials/add", "/contact"];

/** Every public page, each shop category and each artwork with the day it last changed. */
export async function sitemapEntries(database: Database, siteUrl: string): Promise<SitemapEntry[]> {
  const rows = await database
    .select({ id: posts.id, createdAt: posts.createdAt, updatedAt: posts.updatedAt })
    .from(posts)
    .orderBy(desc(posts.createdAt));
  const newest = rows
    .map((r) => (r.updatedAt ?? r.createdAt).slice(0, 10))
    .sort()
    .at(-1);
  const pages = PUBLIC_PAGES.map((path) => ({
    loc: absoluteUrl(siteUrl, path),
    lastmod: path === "/" || path === "/gallery" ? newest : undefined,
  }));
  const categories = CATEGORIES.map((category) => ({ loc: absoluteUrl(siteUrl, galleryHref(category)) }));
  const artworks = rows.map((row) => ({
    loc: absoluteUrl(siteUrl, postPath(row.id)),
    lastmod: (row.updatedAt ?? row.createdAt).slice(0, 10),
  }));
  return [...pages, ...categories, ...artworks];
}

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
