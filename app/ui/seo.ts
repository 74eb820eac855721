// Titles, descriptions, canonical URLs and social cards. Absolute URLs are built from SITE_URL,
// which loaders pass down (meta functions cannot read the environment).
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SITE } from "~/ui/site";

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.brand}` : `${SITE.brand} | Original paintings from Leeds`;
}

type PageMeta = {
  title?: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url?: string;
  /** Absolute URL of the image for social cards. */
  image?: string;
  type?: "website" | "article" | "product";
};

/** Title, description, canonical link, Open Graph and Twitter card tags for one page. */
export function pageMeta({ title, description, url, image, type = "website" }: PageMeta): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE.brand },
    { property: "og:type", content: type },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title ?? fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (url) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  return tags;
}

/** A description cut to a search-result-friendly length at a word boundary. */
export function summarise(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

type MatchWithData = { id: string; data: unknown };

/** SITE_URL as the root loader exposed it, for use inside a route's meta function. */
export function siteUrlOf(matches: readonly MatchWithData[] | undefined): string {
  const root = matches?.find((match) => match.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:8787";
}
