import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArtworkCard } from "~/artworks/ArtworkCard";
import { db } from "~/platform/db.server";
import { CATEGORIES, CATEGORY_LABELS, CATEGORY_TITLES, galleryHref, parseCategoryParam } from "~/artworks/categories";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { listCardRows } from "~/artworks/queries.server";
import { artworkCard } from "~/artworks/view";
import { showMore, showMoreWindow } from "~/platform/paging";
import { ShowMore, useShowMore } from "~/ui/ShowMore";

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

// Cards per "Show more artworks".
const GALLERY_PAGE_SIZE = 24;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = parseCategoryParam(params.get("category"));
  const window = showMoreWindow(params, GALLERY_PAGE_SIZE);
  const { rows, ...more } = showMore(
    await listCardRows(db(context.cloudflare.env), { category, limit: window.limit }),
    window,
  );
  return { category, ...more, artworks: rows.map(artworkCard) };
}

const TABS = [null, ...CATEGORIES] as const;

export default function Gallery() {
  const { category, artworks, page, hasMore } = useLoaderData<typeof loader>();
  const loading = useShowMore("/gallery", "artwork");
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
      <div aria-live="polite" aria-busy={loading.other}>
        {loading.other ? (
          <p className="loading">Loading artworks...</p>
        ) : artworks.length > 0 ? (
          <div className="artwork-grid">
            {artworks.map((artwork, index) => (
              <ArtworkCard
                key={artwork.id}
                artwork={artwork}
                eager={index < 1}
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
      {hasMore && !loading.other ? (
        <ShowMore
          page={page}
          size={GALLERY_PAGE_SIZE}
          anchor="artwork"
          label="Show more artworks"
          loading={loading.more}
          keep={["category"]}
        />
      ) : null}
    </section>
  );
}
