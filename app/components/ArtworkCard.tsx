import { Link } from "@remix-run/react";
import { imageSrc } from "~/lib/images";
import { formatPrice, NO_PRICE_TEXT } from "~/lib/price";
import { postPath } from "~/lib/post-path";

export type ArtworkCardData = {
  id: string;
  title: string;
  medium: string;
  price: string | null;
  available: "yes" | "no";
  /** The stored reference of the image the card shows (a thumbnail when one was made). */
  image: string | null;
};

/**
 * A shop card: a fixed 400x300 image box (width and height set, so nothing shifts while it loads),
 * title, medium, price and a SOLD badge. `eager` for cards above the fold.
 */
export function ArtworkCard({
  post,
  eager = false,
  anchorId,
}: {
  post: ArtworkCardData;
  eager?: boolean;
  /** Lets a link land on this card (the first of the cards "Show more artworks" adds). */
  anchorId?: string;
}) {
  const first = post.image;
  const sold = post.available === "no";
  return (
    <Link to={postPath(post.id)} prefetch="intent" className="artwork-card" id={anchorId}>
      <div className="artwork-card__frame">
        {first ? (
          <img
            src={imageSrc(first)}
            alt={post.title}
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="artwork-card__image"
          />
        ) : (
          <div className="artwork-card__placeholder" role="img" aria-label="Image not available">
            Image not available
          </div>
        )}
        {sold ? <span className="badge badge--sold">SOLD</span> : null}
      </div>
      <div className="artwork-card__body">
        <h3 className="artwork-card__title">{post.title}</h3>
        <p className="artwork-card__medium">{post.medium}</p>
        <p className="artwork-card__price">{sold ? "Sold" : (formatPrice(post.price) ?? NO_PRICE_TEXT)}</p>
      </div>
    </Link>
  );
}
