import { Link, useSearchParams } from "@remix-run/react";
import { useCallback, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { ShareButton } from "~/artworks/ShareButton";
import { artworkJsonLd, scriptJson } from "~/artworks/jsonld";
import type { ArtworkView } from "~/artworks/view";
import { CATEGORY_LABELS, galleryHref } from "~/artworks/categories";
import { useNonce } from "~/platform/nonce";
import { artworkPath } from "~/artworks/path";
import { ARTWORK_NOT_FOUND } from "~/artworks/not-found";
import { formatPrice, NO_PRICE_TEXT } from "~/artworks/price";
import { SITE } from "~/ui/site";
import { useHydrated } from "~/ui/use-hydrated";
import { Icon } from "~/ui/Icon";

/** What the route's loader gives the page: no artwork when it is missing or could not be read. */
export type ArtworkPageData = {
  artwork: ArtworkView | null;
  year: number;
  url: string | null;
  unavailable: boolean;
  /** The admin previewing a draft, which no visitor can see. */
  draft: boolean;
};

/**
 * The enquiry dialog belongs to app/messages, which artworks may not import (an enquiry names its artwork,
 * not the other way round): the route hands it in (with its own Suspense if its code comes on demand),
 * with what fetches its code ahead of the click.
 */
export type EnquiryDialog = {
  Dialog: ComponentType<{ artwork: ArtworkView; open: boolean; hydrated: boolean; onClose: () => void }>;
  load: () => unknown;
};

/**
 * The carousel, handed in by the route: the one whose code comes on demand (app/document), or
 * ArtworkGallery itself.
 */
export type ArtworkCarousel = ComponentType<{ title: string; images: ArtworkView["images"] }>;

/** What the route hands the page besides its data. */
export type ArtworkPageParts = { enquiry: EnquiryDialog; Carousel: ArtworkCarousel };

export function ArtworkPage({
  artwork,
  year,
  url,
  unavailable,
  draft,
  parts,
}: ArtworkPageData & { parts: ArtworkPageParts }) {
  if (!artwork || !url) return <ArtworkMissing unavailable={unavailable} />;
  return <Artwork key={artwork.id} artwork={artwork} year={year} url={url} draft={draft} parts={parts} />;
}

function ArtworkMissing({ unavailable }: { unavailable: boolean }) {
  return (
    <section className="not-found post-missing" aria-labelledby="post-missing-title">
      <h1 id="post-missing-title">{ARTWORK_NOT_FOUND}</h1>
      <p className="lead">
        {unavailable
          ? "This artwork could not be loaded just now. Please try again in a moment."
          : "It may have been removed, or the link may be incomplete."}
      </p>
      <div className="button-row">
        <Link to="/gallery" className="button button--primary" prefetch="intent">
          <Icon name="arrow-left" size={18} /> Return to Gallery
        </Link>
      </div>
    </section>
  );
}

function Artwork({
  artwork,
  year,
  url,
  draft,
  parts: {
    enquiry: { Dialog: EnquiryModal, load: loadEnquiryModal },
    Carousel,
  },
}: {
  artwork: ArtworkView;
  year: number;
  url: string;
  draft: boolean;
  parts: ArtworkPageParts;
}) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const [enquiring, setEnquiring] = useState(searchParams.get("enquire") === "1");
  // Once opened the dialog stays mounted (hidden), so what was typed survives closing it.
  const [modalMounted, setModalMounted] = useState(enquiring);
  const enquireRef = useRef<HTMLAnchorElement>(null);
  const sold = artwork.available === "no";
  const price = formatPrice(artwork.price) ?? NO_PRICE_TEXT;
  const enquireHref = `${artworkPath(artwork.id)}?enquire=1`;

  const openEnquiry = (event: MouseEvent<HTMLAnchorElement>) => {
    // With JavaScript the modal opens in place; without, the link renders the page with it open.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setModalMounted(true);
    setEnquiring(true);
  };

  const closeEnquiry = useCallback(() => {
    setEnquiring(false);
    if (searchParams.has("enquire")) {
      const next = new URLSearchParams(searchParams);
      next.delete("enquire");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
    // After the modal's own state has settled, give focus back to the control that opened it.
    requestAnimationFrame(() => enquireRef.current?.focus());
  }, [searchParams, setSearchParams]);

  return (
    <article className="post" aria-labelledby="post-title">
      {draft ? (
        <p className="draft-notice">
          <strong>Draft preview.</strong> Only you can see this page: visitors get &ldquo;Artwork not found&rdquo;.{" "}
          <Link to={`/edit/${artwork.id}`} className="text-link">
            Untick Draft on its edit page
          </Link>{" "}
          to publish it.
        </p>
      ) : (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: scriptJson(artworkJsonLd(artwork, url)) }}
        />
      )}
      <p className="post__back">
        <Link to="/gallery" className="text-link" prefetch="intent">
          <Icon name="arrow-left" size={18} /> Back to the Shop
        </Link>
      </p>

      <div className="post__layout">
        <div className="post__media">
          <Carousel title={artwork.title} images={artwork.images} />
        </div>

        <div className="post__details">
          <header className="post__header">
            {sold ? <span className="badge badge--sold">SOLD</span> : null}
            <h1 id="post-title" className="post__title">
              {artwork.title}
            </h1>
            <p className={`post__availability${sold ? " post__availability--sold" : ""}`}>
              <span className="post__dot" aria-hidden="true" />
              {sold ? "Sold" : "Available for Purchase"}
            </p>
            <p className="post__price">
              <span className="visually-hidden">Price: </span>
              {price}
            </p>
          </header>

          <div className="post__actions">
            <Link
              ref={enquireRef}
              to={enquireHref}
              className="button button--primary"
              aria-haspopup="dialog"
              preventScrollReset
              onClick={openEnquiry}
              onPointerEnter={loadEnquiryModal}
              onFocus={loadEnquiryModal}
              onTouchStart={loadEnquiryModal}
            >
              <Icon name="mail" size={18} /> Make Enquiry
            </Link>
            <ShareButton title={artwork.title} id={artwork.id} disabled={!hydrated} />
          </div>

          <section className="post__section" aria-labelledby="post-specs-title">
            <h2 id="post-specs-title" className="post__subtitle">
              Specifications
            </h2>
            <dl className="post__specs">
              <div>
                <dt>Medium</dt>
                <dd>{artwork.medium}</dd>
              </div>
              <div>
                <dt>Dimensions</dt>
                <dd>{artwork.size}</dd>
              </div>
              {artwork.year ? (
                <div>
                  <dt>Year</dt>
                  <dd>{artwork.year}</dd>
                </div>
              ) : null}
              {artwork.categories.length > 0 ? (
                <div>
                  <dt>{artwork.categories.length > 1 ? "Categories" : "Category"}</dt>
                  <dd>
                    <ul className="post__tags">
                      {artwork.categories.map((category) => (
                        <li key={category}>
                          <Link to={galleryHref(category)} className="post__tag" prefetch="intent">
                            {CATEGORY_LABELS[category]}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section className="post__section" aria-labelledby="post-description-title">
            <h2 id="post-description-title" className="post__subtitle">
              About this piece
            </h2>
            <p className="post__description">{artwork.description}</p>
          </section>

          <section className="post__section post__order" aria-labelledby="post-order-title">
            <h2 id="post-order-title" className="post__subtitle">
              Placing an order
            </h2>
            <p>
              Send an enquiry with the button above and I will reply by e-mail. Payment is arranged with you directly
              after your enquiry; nothing is charged on this website.
            </p>
            <ul>
              <li>Prices are in pounds sterling (£, GBP).</li>
              <li>Shipping included within UK: sent by Royal Mail or courier, with tracking.</li>
              <li>International orders are sent by courier, with shipping charged accordingly.</li>
            </ul>
          </section>

          <p className="post__copyright">
            {`© ${year} ${SITE.artistName}. All rights reserved. Images may not be reproduced without permission.`}
          </p>
        </div>
      </div>

      {modalMounted ? (
        <EnquiryModal artwork={artwork} open={enquiring} hydrated={hydrated} onClose={closeEnquiry} />
      ) : null}
    </article>
  );
}
