import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { db } from "~/platform/db.server";
import { renderSitemap, sitemapEntries } from "~/site/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const entries = await sitemapEntries(db(context.cloudflare.env), context.env.SITE_URL);
  return new Response(renderSitemap(entries), {
    // Cached and purged like the pages it lists (app/public-cache).
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
