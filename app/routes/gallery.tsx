import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArtworkCard } from "~/artworks/ArtworkCard";
import { db } from "~/platform/db.server";
import { CATEGORIES, CATEGORY_LABELS, CATEGORY_TITLES, galleryHref, parseCategoryParam } from "~/artworks/categories";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/site/seo";
import { SITE } from "~/site/site";
import { listCardRows, toCardData } from "~/artworks/queries.server";
import { usePendingLocation } from "~/ui/use-pending-location";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const category = data?.category ?? null;
  const label = category ? CATEGORY_TITLES[category] : null;
  return pageMeta({
    title: label ? `${label} | Shop` : "Shop",
    description: label
      ? `${label} by ${SITE.artistName}, for sale from Leeds with UK shipping included.`
      : `Original oil, acrylic and watercolour paintings, 3D art, prints and commissions by ${SITE.artistName}.`,
    url: absoluteUrl(siteUrlOf(matches), galleryHref(category)),
  });
};

// The shop shows this many cards, and this many more each time "Show more artworks" is followed, so the
// page stays light however large the collection grows.
const GALLERY_PAGE_SIZE = 24;
const MAX_PAGES = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = parseCategoryParam(params.get("category"));
  const page = Math.min(MAX_PAGES, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const shown = page * GALLERY_PAGE_SIZE;
  // One row more than shown says whether there is more, in the same query.
  const artworks = await listCardRows(db(context.cloudflare.env), { category, limit: shown + 1 });
  return {
    category,
    page,
    hasMore: artworks.length > shown,
    artworks: artworks.slice(0, shown).map(toCardData),
  };
}

/** The shop's address for a category and page ("Show more artworks" lands on the first new card). */
function moreHref(category: Parameters<typeof galleryHref>[0], page: number): string {
  const href = galleryHref(category);
  return `${href}${href.includes("?") ? "&" : "?"}page=${page}#artwork-${(page - 1) * GALLERY_PAGE_SIZE + 1}`;
}

const TABS = [null, ...CATEGORIES] as const;

export default function Gallery() {
  const { category, artworks, page, hasMore } = useLoaderData<typeof loader>();
  const next = usePendingLocation("/gallery");
  // Showing more keeps the cards on screen; a new tab replaces them with the loading text.
  const loadingMore = next !== null && new URLSearchParams(next.search).has("page");
  const loading = next !== null && !loadingMore;
  return (
    <section className="section page" aria-labelledby="shop-title">
      <h1 id="shop-title" className="page__title">
        Shop
      </h1>
      <nav aria-label="Categories">
        <ul className="tabs">
          {TABS.map((tab) => {
            const selected = tab === category;
            return (
              <li key={tab ?? "all"}>
                <Link
                  to={galleryHref(tab)}
                  className={`tab${selected ? " is-selected" : ""}`}
                  aria-current={selected ? "page" : undefined}
                  preventScrollReset
                >
                  {tab ? CATEGORY_LABELS[tab] : "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <p className="loading">Loading artworks...</p>
        ) : artworks.length > 0 ? (
          <div className="artwork-grid">
            {artworks.map((artwork, index) => (
              <ArtworkCard
                key={artwork.id}
                artwork={artwork}
                eager={index < 3}
                priority={index === 0}
                headingLevel={2}
                anchorId={`artwork-${index + 1}`}
              />
            ))}
          </div>
        ) : (
          <p className="empty-state">
            {category
              ? `No ${CATEGORY_LABELS[category]} artworks available at the moment.`
              : "No artworks available at the moment."}
          </p>
        )}
      </div>
      {hasMore && !loading ? (
        <p className="gallery__more">
          <Link to={moreHref(category, page + 1)} className="button button--ghost" preventScrollReset>
            {loadingMore ? "Loading more..." : "Show more artworks"}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
