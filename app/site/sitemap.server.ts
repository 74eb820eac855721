import type { Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { CATEGORIES, galleryHref } from "~/artworks/categories";
import { absoluteUrl } from "~/ui/seo";
import { artworkPath } from "~/artworks/path";
import { published, shopOrder } from "~/artworks/queries.server";

export type SitemapEntry = { loc: string; lastmod?: string };

const PUBLIC_PAGES = [
  "/",
  "/gallery",
  "/about",
  "/impact",
  "/commissions",
  "/commissions/request",
  "/events",
  "/testimonials",
  "/testimonials/add",
  "/contact",
];

/** Every public page, each shop category and each published artwork with the day it last changed. */
export async function sitemapEntries(database: Database, siteUrl: string): Promise<SitemapEntry[]> {
  const rows = await database
    .select({ id: artworks.id, createdAt: artworks.createdAt, updatedAt: artworks.updatedAt })
    .from(artworks)
    .where(published)
    .orderBy(...shopOrder);
  const newest = rows
    .map((r) => (r.updatedAt ?? r.createdAt).slice(0, 10))
    .sort()
    .at(-1);
  const pages = PUBLIC_PAGES.map((path) => ({
    loc: absoluteUrl(siteUrl, path),
    lastmod: path === "/" || path === "/gallery" ? newest : undefined,
  }));
  const categories = CATEGORIES.map((category) => ({ loc: absoluteUrl(siteUrl, galleryHref(category)) }));
  const artworkPages = rows.map((row) => ({
    loc: absoluteUrl(siteUrl, artworkPath(row.id)),
    lastmod: (row.updatedAt ?? row.createdAt).slice(0, 10),
  }));
  return [...pages, ...categories, ...artworkPages];
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
