import { Link, useSearchParams } from "@remix-run/react";
import { IMPACT_PATH } from "~/charities/path";
import { useCallback, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { ShareButton } from "~/artworks/ShareButton";
import type { ArtworkView, OptionView } from "~/artworks/view";
import { CATEGORY_LABELS, galleryHref, type Category } from "~/artworks/categories";
import { useNonce } from "~/platform/nonce";
import { artworkPath } from "~/artworks/path";
import { ARTWORK_NOT_FOUND } from "~/artworks/not-found";
import { SITE } from "~/ui/site";
import { useHydrated } from "~/ui/use-hydrated";
import { Icon } from "~/ui/Icon";

/** What the route's loader gives the page: no artwork when it is missing or could not be read. */
export type ArtworkPageData = {
  artwork: ArtworkView | null;
  year: number;
  url: string | null;
  /** The page's structured data, written by the loader (JSON for an inline script); none for a draft. */
  jsonLd: string | null;
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
  Dialog: ComponentType<{
    artwork: ArtworkView;
    /** The option chosen on the page, preselected in the dialog. */
    option: string | undefined;
    open: boolean;
    hydrated: boolean;
    onClose: () => void;
  }>;
  load: () => unknown;
};

/**
 * The carousel, handed in by the route: the one whose code comes on demand (app/document), or
 * ArtworkGallery itself.
 */
export type ArtworkCarousel = ComponentType<{ title: string; images: ArtworkView["images"] }>;

/** What the route hands the page besides its data. */
/** Under a sold work: "Tell me about similar work", the mailing list's form for its categories (given by the route). */
type SimilarWork = ComponentType<{ categories: readonly Category[] }>;

export type ArtworkPageParts = { enquiry: EnquiryDialog; Carousel: ArtworkCarousel; SimilarWork: SimilarWork };

export function ArtworkPage({
  artwork,
  year,
  url,
  jsonLd,
  unavailable,
  draft,
  parts,
}: ArtworkPageData & { parts: ArtworkPageParts }) {
  if (!artwork || !url) return <ArtworkMissing unavailable={unavailable} />;
  return <Artwork key={artwork.id} artwork={artwork} year={year} jsonLd={jsonLd} draft={draft} parts={parts} />;
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
  jsonLd,
  draft,
  parts: {
    enquiry: { Dialog: EnquiryModal, load: loadEnquiryModal },
    Carousel,
    SimilarWork,
  },
}: {
  artwork: ArtworkView;
  year: number;
  jsonLd: string | null;
  draft: boolean;
  parts: ArtworkPageParts;
}) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const [enquiring, setEnquiring] = useState(searchParams.get("enquire") === "1");
  // The option an enquiry opened from its own link asks about (?option=…, so it holds without JavaScript).
  const [option, setOption] = useState(searchParams.get("option") ?? undefined);
  // Once opened the dialog stays mounted (hidden), so what was typed survives closing it.
  const [modalMounted, setModalMounted] = useState(enquiring);
  const enquireRef = useRef<HTMLAnchorElement>(null);
  // The link that opened the dialog (Make Enquiry or an option's), where focus returns when it closes.
  const opener = useRef<HTMLAnchorElement | null>(null);
  const sold = artwork.available === "no";
  const reserved = !sold && artwork.reservedUntil !== null;
  const enquireHref = enquiryHref(artwork.id);

  const openEnquiry = (about?: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // With JavaScript the modal opens in place; without, the link renders the page with it open.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (about) setOption(about);
    opener.current = event.currentTarget;
    setModalMounted(true);
    setEnquiring(true);
  };

  const closeEnquiry = useCallback(() => {
    setEnquiring(false);
    if (searchParams.has("enquire") || searchParams.has("option")) {
      const next = new URLSearchParams(searchParams);
      next.delete("enquire");
      next.delete("option");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
    // After the modal's own state has settled, give focus back to the control that opened it.
    requestAnimationFrame(() => (opener.current ?? enquireRef.current)?.focus());
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
      ) : jsonLd ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: jsonLd }}
        />
      ) : null}
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
            {reserved ? <span className="badge badge--reserved">RESERVED</span> : null}
            <h1 id="post-title" className="post__title">
              {artwork.title}
            </h1>
            <p
              className={`post__availability${sold ? " post__availability--sold" : reserved ? " post__availability--reserved" : ""}`}
            >
              <span className="post__dot" aria-hidden="true" />
              {sold ? "Sold" : reserved ? `Reserved until ${artwork.reservedUntil}` : "Available for Purchase"}
            </p>
            <p className="post__price">
              <span className="visually-hidden">Price: </span>
              {artwork.priceText}
            </p>
            {artwork.conversion ? <p className="post__conversion">{artwork.conversion}</p> : null}
            {artwork.charityLine ? (
              <p className="post__charity">
                <Link to={IMPACT_PATH}>{artwork.charityLine}</Link>
              </p>
            ) : null}
          </header>

          {artwork.options.length > 0 ? (
            <ArtworkOptions
              id={artwork.id}
              options={artwork.options}
              onEnquire={openEnquiry}
              onIntent={loadEnquiryModal}
            />
          ) : null}

          <div className="post__actions">
            <Link
              ref={enquireRef}
              to={enquireHref}
              className="button button--primary"
              aria-haspopup="dialog"
              preventScrollReset
              onClick={openEnquiry()}
              onPointerEnter={loadEnquiryModal}
              onFocus={loadEnquiryModal}
              onTouchStart={loadEnquiryModal}
            >
              <Icon name="mail" size={18} /> Make Enquiry
            </Link>
            <ShareButton title={artwork.title} id={artwork.id} disabled={!hydrated} />
          </div>
          {sold && !draft ? (
            <div className="post__similar">
              <SimilarWork categories={artwork.categories} />
            </div>
          ) : null}
          {reserved ? (
            <p className="post__reserved-note">
              Held for another buyer for now. Enquire to be told if it becomes available.
            </p>
          ) : null}

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
              <li>Prices are in pounds sterling (£, GBP).{artwork.ratesNote ? ` ${artwork.ratesNote}` : null}</li>
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
        <EnquiryModal artwork={artwork} option={option} open={enquiring} hydrated={hydrated} onClose={closeEnquiry} />
      ) : null}
    </article>
  );
}

/** The page with the enquiry dialog open, about `option` when one is named: works without JavaScript. */
function enquiryHref(id: string, option?: string): string {
  return `${artworkPath(id)}?enquire=1${option ? `&option=${encodeURIComponent(option)}` : ""}`;
}

/** The sizes or editions a print comes in, each with its price, what is left and its own enquiry link. */
function ArtworkOptions({
  id,
  options,
  onEnquire,
  onIntent,
}: {
  id: string;
  options: OptionView[];
  onEnquire: (option: string) => (event: MouseEvent<HTMLAnchorElement>) => void;
  onIntent: () => unknown;
}) {
  return (
    <section className="post__section post-options" aria-labelledby="post-options-title">
      <h2 id="post-options-title" className="post__subtitle">
        Sizes and editions
      </h2>
      <ul className="post-options__list">
        {options.map((option) => {
          const { soldOut } = option;
          return (
            <li key={option.id} className={`post-option${soldOut ? " post-option--sold-out" : ""}`}>
              <p className="post-option__facts">
                <strong>{option.label}</strong>
                {[option.size, option.price, option.stock, option.share]
                  .map((fact) => (fact ? ` · ${fact}` : ""))
                  .join("")}
                {option.conversion ? <span className="post-option__conversion">{option.conversion}</span> : null}
              </p>
              {soldOut ? null : (
                <Link
                  to={enquiryHref(id, option.id)}
                  className="button button--ghost post-option__enquire"
                  aria-haspopup="dialog"
                  aria-label={`Enquire about ${option.label}`}
                  preventScrollReset
                  onClick={onEnquire(option.id)}
                  onPointerEnter={onIntent}
                  onFocus={onIntent}
                  onTouchStart={onIntent}
                >
                  Enquire
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
