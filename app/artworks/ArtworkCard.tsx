import { Link } from "@remix-run/react";
import { HIGH_PRIORITY } from "~/ui/high-priority";
import { imageSrc } from "~/images/references";
import { artworkPath } from "~/artworks/path";
import type { ArtworkCardData } from "~/artworks/view";

/**
 * A shop card: a fixed 400x300 image box (width and height set, so nothing shifts while it loads),
 * title, medium, price and a SOLD badge. `eager` for cards above the fold, `priority` for the one that
 * is a phone's largest paint.
 */
export function ArtworkCard({
  artwork,
  eager = false,
  priority = false,
  headingLevel = 3,
  anchorId,
}: {
  artwork: ArtworkCardData;
  eager?: boolean;
  priority?: boolean;
  /** 2 where the cards sit right under the page's h1 (the shop), 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** Lets a link land on this card (the first of the cards "Show more artworks" adds). */
  anchorId?: string;
}) {
  const first = artwork.image;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const sold = artwork.available === "no";
  return (
    <Link to={artworkPath(artwork.id)} prefetch="intent" className="artwork-card" id={anchorId}>
      <div className="artwork-card__frame">
        {first ? (
          <img
            src={imageSrc(first)}
            alt={artwork.title}
            width={400}
            height={300}
            loading={eager || priority ? "eager" : "lazy"}
            decoding="async"
            {...(priority ? HIGH_PRIORITY : {})}
            className="artwork-card__image"
          />
        ) : (
          <div className="artwork-card__placeholder" role="img" aria-label="Image not available">
            Image not available
          </div>
        )}
        {sold ? <span className="badge badge--sold badge--corner">SOLD</span> : null}
        {artwork.reserved ? <span className="badge badge--reserved badge--corner">RESERVED</span> : null}
      </div>
      <div className="artwork-card__body">
        <Heading className="artwork-card__title">{artwork.title}</Heading>
        <p className="artwork-card__medium">{artwork.medium}</p>
        <p className="artwork-card__price">{sold ? "Sold" : artwork.price}</p>
        {!sold && artwork.conversion ? <p className="artwork-card__conversion">{artwork.conversion}</p> : null}
      </div>
    </Link>
  );
}
