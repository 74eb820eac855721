// What each screen shows of an artwork, mapped from its stored row here and nowhere else: the artwork page
// (with its JSON-LD and the enquiry dialog), the shop card, the dashboard card and the edit form's values.
// Adding a field: docs/adding-an-artwork-field.md.
import type { Artwork } from "~/artworks/schema";
import type { ArtworkInput } from "~/artworks/form";
import type { CardRow } from "~/artworks/queries.server";
import { categoriesOf } from "~/artworks/categories";
import { formatPrice, NO_PRICE_TEXT } from "~/artworks/price";
import { imageSrc, responsiveImage, thumbnailOf, type CopiesByImage } from "~/images/references";

/** An image on the artwork page: its copies for the carousel, and its original, full size, for the zoom. */
export function pageImage(stored: string, copies: CopiesByImage) {
  return { ...responsiveImage(stored, copies), original: imageSrc(stored) };
}

/** The artwork page: every field a visitor reads, and each image with its copies. */
export function artworkView(artwork: Artwork) {
  return {
    id: artwork.id,
    title: artwork.title,
    description: artwork.description,
    medium: artwork.medium,
    size: artwork.size,
    year: artwork.year,
    price: artwork.price,
    available: artwork.available,
    categories: categoriesOf(artwork),
    images: artwork.imageUrls.map((stored) => pageImage(stored, artwork.imageCopies)),
  };
}

export type ArtworkView = ReturnType<typeof artworkView>;

/**
 * The edit form's starting values: exactly the fields its schema reads (typed by it, so a field added to
 * the form's schema is a compile error here until it is mapped).
 */
export function artworkFormValues(artwork: Artwork): ArtworkInput {
  return {
    title: artwork.title,
    description: artwork.description,
    medium: artwork.medium,
    size: artwork.size,
    year: artwork.year,
    price: artwork.price,
    available: artwork.available,
    categories: categoriesOf(artwork),
    draft: artwork.draft,
    featured: artwork.featured,
  };
}

/** The edit form's images: each stored reference (what "Remove" names) with the thumbnail shown beside it. */
export function artworkFormImages(artwork: Artwork) {
  return artwork.imageUrls.map((stored) => ({ stored, src: imageSrc(thumbnailOf(stored, artwork.imageCopies)) }));
}

/** A shop card (home, gallery): one image, its thumbnail when one was made, so pages send no more than they show. */
export function artworkCard({ id, title, medium, price, available, image, imageCopies }: CardRow) {
  return {
    id,
    title,
    medium,
    price,
    available,
    image: image ? thumbnailOf(image, { [image]: imageCopies ?? {} }) : null,
  };
}

export type ArtworkCardData = ReturnType<typeof artworkCard>;

/**
 * A card of the admin's dashboard (spec: image, SOLD badge, title, category, medium, size, tags, View,
 * Edit), marked when it is a draft or featured.
 */
export function artworkDashboardCard(artwork: Artwork) {
  return {
    id: artwork.id,
    draft: artwork.draft,
    featured: artwork.featured,
    title: artwork.title,
    medium: artwork.medium,
    size: artwork.size,
    price: formatPrice(artwork.price) ?? NO_PRICE_TEXT,
    available: artwork.available,
    image: artwork.imageUrls[0] ? thumbnailOf(artwork.imageUrls[0], artwork.imageCopies) : null,
    categories: categoriesOf(artwork),
  };
}
