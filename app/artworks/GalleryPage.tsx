import type { ReactNode } from "react";
import { Tabs } from "~/ui/Tabs";
import { ArtworkCard } from "~/artworks/ArtworkCard";
import { CATEGORIES, CATEGORY_LABELS, galleryHref, type Category } from "~/artworks/categories";
import type { ArtworkCardData } from "~/artworks/view";
import { ShowMore, useShowMore } from "~/ui/ShowMore";

// Cards per "Show more artworks".
export const GALLERY_PAGE_SIZE = 24;

const TABS = [null, ...CATEGORIES] as const;

export function GalleryPage({
  category,
  artworks,
  page,
  hasMore,
  categoryNote,
}: {
  category: Category | null;
  artworks: ArtworkCardData[];
  page: number;
  hasMore: boolean;
  /** Said above the works of the category shown (the Custom tab points to the commissions page). */
  categoryNote?: ReactNode;
}) {
  const loading = useShowMore("/gallery", "artwork");
  return (
    <section className="section page" aria-labelledby="shop-title">
      <h1 id="shop-title" className="page__title">
        Shop
      </h1>
      <Tabs
        label="Categories"
        tabs={TABS.map((tab) => ({
          key: tab ?? "all",
          to: galleryHref(tab),
          text: tab ? CATEGORY_LABELS[tab] : "All",
          selected: tab === category,
        }))}
      />
      {categoryNote}
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
