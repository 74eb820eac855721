// Structured data (schema.org VisualArtwork) for the artwork page, so that search engines can show the piece
// with its price, availability and size. Pure: no React, so the unit tests call it directly.
import { CATEGORY_LABELS } from "~/artworks/categories";
import type { ArtworkView } from "~/artworks/view";
import { isSoldOut, optionName, remainingOf, type ArtworkOption } from "~/artworks/options";
import { imageSrc } from "~/images/references";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";

const AMOUNT = String.raw`(\d+(?:\.\d{1,2})?)`;

/** The numeric price for structured data: "150" -> "150", "200-300" -> its lower bound; text -> null. */
export function priceAmount(price: string | null): { price: string; max?: string } | null {
  const value = price?.trim() ?? "";
  const range = new RegExp(String.raw`^£?\s*${AMOUNT}\s*[-–]\s*£?\s*${AMOUNT}$`).exec(value);
  if (range?.[1] && range[2]) return { price: range[1], max: range[2] };
  const single = new RegExp(String.raw`^£?\s*${AMOUNT}$`).exec(value);
  return single?.[1] ? { price: single[1] } : null;
}

/** Width, height and depth from a free-text size such as "50 x 40 cm" or "A3 (42 x 29.7 cm)". */
export function dimensionsOf(size: string): { width: string; height: string; depth?: string } | null {
  const match =
    /(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*[x×]\s*(\d+(?:\.\d+)?))?\s*(mm|cm|m|in|inches|")(?![a-z])/i.exec(
      size,
    );
  if (!match?.[1] || !match[2] || !match[4]) return null;
  const unit = match[4] === '"' || match[4].toLowerCase() === "inches" ? "in" : match[4].toLowerCase();
  return {
    width: `${match[1]} ${unit}`,
    height: `${match[2]} ${unit}`,
    ...(match[3] ? { depth: `${match[3]} ${unit}` } : {}),
  };
}

/** The page's structured data; a print's `options` (as stored) each become an Offer. */
export function artworkJsonLd(
  artwork: ArtworkView,
  url: string,
  options: readonly ReservedOption[] = [],
): Record<string, unknown> {
  const amount = priceAmount(artwork.price);
  const dimensions = dimensionsOf(artwork.size);
  return {
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    name: artwork.title,
    url,
    image: artwork.images.map((image) => absoluteUrl(url, imageSrc(image.src))),
    description: artwork.description,
    artMedium: artwork.medium,
    artform: artwork.categories.map((category) => CATEGORY_LABELS[category]).join(", ") || undefined,
    size: artwork.size,
    ...(dimensions ?? {}),
    creator: { "@type": "Person", name: SITE.artistName },
    offers:
      options.length > 0
        ? options.map(optionOffer)
        : {
            "@type": "Offer",
            priceCurrency: "GBP",
            ...(amount ? { price: amount.price } : {}),
            ...(amount?.max
              ? {
                  priceSpecification: {
                    "@type": "PriceSpecification",
                    priceCurrency: "GBP",
                    minPrice: amount.price,
                    maxPrice: amount.max,
                  },
                }
              : {}),
            availability:
              artwork.available === "no"
                ? "https://schema.org/SoldOut"
                : artwork.reservedUntil
                  ? "https://schema.org/Reserved"
                  : "https://schema.org/InStock",
            url,
          },
  };
}

/**
 * One Offer per option of a print: its name, its price in pounds and whether any is left, or every one left
 * is held for a buyer (the page is its url).
 */
function optionOffer(option: ReservedOption): Record<string, unknown> {
  const remaining = remainingOf(option);
  return {
    "@type": "Offer",
    name: optionName(option),
    priceCurrency: "GBP",
    price: (option.pricePence / 100).toFixed(2),
    availability: isSoldOut(option)
      ? "https://schema.org/SoldOut"
      : remaining !== null && remaining <= (option.reserved ?? 0)
        ? "https://schema.org/Reserved"
        : "https://schema.org/InStock",
  };
}

/** An option as stored, with how many of its prints are held for buyers. */
export type ReservedOption = ArtworkOption & { reserved?: number };

/** JSON for an inline script: `<` is escaped so the text can never close the script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
