// What each screen shows of an artwork, mapped from its stored row here and nowhere else: the artwork page
// (with its JSON-LD and the enquiry dialog), the shop card, the dashboard card and the edit form's values.
// Adding a field: docs/adding-an-artwork-field.md.
import { saleShare, shareLine, shareOnly, shareText, supportLine, type CharityShare } from "~/charities/share";
import type { Artwork } from "~/artworks/schema";
import type { ArtworkInput } from "~/artworks/form";
import type { CardRow } from "~/artworks/queries.server";
import { categoriesOf } from "~/artworks/categories";
import { amountsOf, formatPrice, priceText } from "~/artworks/price";
import { formatPence } from "~/ui/money";
import { approximately, ratesNote } from "~/rates/convert";
import type { ExchangeRates } from "~/rates/schema";
import { isSoldOut, optionName, stockText, type ArtworkOption } from "~/artworks/options";
import { reservedPrints, reservedUntil } from "~/artworks/reservations";
import { formatEventDate, todayIn } from "~/ui/dates";
import { imageSrc, responsiveImage, thumbnailOf, type CopiesByImage } from "~/images/references";

/** An image on the artwork page: its copies for the carousel, and its original, full size, for the zoom. */
export function pageImage(stored: string, copies: CopiesByImage) {
  return { ...responsiveImage(stored, copies), original: imageSrc(stored) };
}

/**
 * The artwork page: every field a visitor reads, each image with its copies, and each price that is a number
 * with its conversion at the day's `rates` (none without).
 */
export function artworkView(
  artwork: Artwork & { charity?: { name: string; number: string } | null },
  rates: ExchangeRates | null = null,
  today: string = todayIn(),
) {
  const prices = optionPrices(artwork.options);
  const held = artwork.available === "no" ? null : reservedUntil(artwork.reservations, today);
  return {
    id: artwork.id,
    title: artwork.title,
    description: artwork.description,
    medium: artwork.medium,
    size: artwork.size,
    year: artwork.year,
    price: artwork.price,
    /** The price under the title: the artwork's own, or its options' range. */
    priceText: priceText(artwork.price, prices),
    conversion: conversionOf(artwork.price, prices, rates),
    /** Whom its sale supports, under the price; null when it names no charity (or one deleted since). */
    charityLine: charityLineOf(artwork),
    /** What the conversions are: approximate, and of which day's rates. */
    ratesNote: rates ? ratesNote(rates) : null,
    available: artwork.available,
    /** The last day an original is held for a buyer, as the page says it; null when it is not. */
    reservedUntil: held ? formatEventDate(held) : null,
    options: artwork.options.map((option) =>
      optionView(option, rates, reservedPrints(artwork.reservations, option.id, today), optionShareOf(artwork, option)),
    ),
    categories: categoriesOf(artwork),
    images: artwork.imageUrls.map((stored) => pageImage(stored, artwork.imageCopies)),
  };
}

/**
 * An option as a visitor reads it, written here on the server: the page and the enquiry dialog only show
 * these, so their code carries none of the rules (the page's JavaScript budget), and nothing else of it
 * travels in the page's data.
 */
function optionView(option: ArtworkOption, rates: ExchangeRates | null, reserved: number, share: string | null) {
  return {
    id: option.id,
    label: option.label,
    size: option.size,
    price: formatPence(option.pricePence),
    conversion: approximately(option.pricePence, rates),
    stock: stockText(option, reserved),
    soldOut: isSoldOut(option),
    /** "£5 to charity" when its options give different shares; null when one line under the price says it. */
    share,
  };
}

type Supporting = Pick<Artwork, "charityShare" | "options"> & { charity?: { name: string; number: string } | null };

/** The charity its sale supports, named; null when it names none (or one deleted since). */
function namedShare(artwork: Supporting): (CharityShare & { charity: { name: string; number: string } }) | null {
  return artwork.charityShare && artwork.charity ? { ...artwork.charityShare, charity: artwork.charity } : null;
}

/** Options give different shares when any has its own: then each says its share, and the line only the charity. */
const sharesDiffer = (artwork: Supporting) => artwork.options.some((option) => option.share);

function charityLineOf(artwork: Supporting): string | null {
  const named = namedShare(artwork);
  if (!named) return null;
  return sharesDiffer(artwork) ? supportLine(named.charity) : shareLine(named, named.charity);
}

function optionShareOf(artwork: Supporting, option: ArtworkOption): string | null {
  if (isSoldOut(option)) return null;
  const share = namedShare(artwork) && sharesDiffer(artwork) ? saleShare(artwork.charityShare, option.share) : null;
  return share ? `${shareText(share)} to charity` : null;
}

export type OptionView = ReturnType<typeof optionView>;

/** The conversion under a price, as `priceText` words it: the options' lowest ("from"), or a price that is a number or range. */
function conversionOf(price: string | null, optionPrices: number[], rates: ExchangeRates | null): string | null {
  if (optionPrices.length === 0) {
    const amounts = amountsOf(price);
    return amounts ? approximately(amounts, rates) : null;
  }
  const lowest = Math.min(...optionPrices);
  return approximately(lowest, rates, { from: lowest !== Math.max(...optionPrices) });
}

/** The prices of the options still to be had; of every option once all are sold out. */
function optionPrices(options: ArtworkOption[]): number[] {
  const left = options.filter((option) => !isSoldOut(option));
  return (left.length > 0 ? left : options).map((option) => option.pricePence);
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
    options: artwork.options,
    charity: artwork.charityShare?.charityId ?? "",
    share: artwork.charityShare ? shareOnly(artwork.charityShare) : null,
  };
}

/** The edit form's images: each stored reference (what "Remove" names) with the thumbnail shown beside it. */
export function artworkFormImages(artwork: Artwork) {
  return artwork.imageUrls.map((stored) => ({ stored, src: imageSrc(thumbnailOf(stored, artwork.imageCopies)) }));
}

/** A shop card (home, gallery): one image, its thumbnail when one was made, so pages send no more than they show. */
export function artworkCard({
  id,
  title,
  medium,
  price,
  available,
  lowestPence,
  highestPence,
  rates,
  reservedUntil: held,
  image,
  imageCopies,
}: CardRow) {
  const prices = lowestPence === null || highestPence === null ? [] : [lowestPence, highestPence];
  return {
    id,
    title,
    medium,
    price: priceText(price, prices),
    conversion: conversionOf(price, prices, rates),
    available,
    /** An original held for a buyer (not sold): the card says RESERVED. */
    reserved: available === "yes" && held !== null && held >= todayIn(),
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
    price: priceText(artwork.price, optionPrices(artwork.options)),
    available: artwork.available,
    options: artwork.options,
    image: artwork.imageUrls[0] ? thumbnailOf(artwork.imageUrls[0], artwork.imageCopies) : null,
    categories: categoriesOf(artwork),
  };
}

/**
 * The price an enquiry asks about, for the artist's e-mail: its option's (found by the name the enquiry
 * recorded), or the artwork's own; null when the artwork has none.
 */
export function enquiredPrice(artwork: Artwork, option: string | null): string | null {
  const asked = option ? artwork.options.find((candidate) => optionName(candidate) === option) : undefined;
  if (asked) return formatPence(asked.pricePence);
  return artwork.options.length > 0
    ? priceText(artwork.price, optionPrices(artwork.options))
    : formatPrice(artwork.price);
}
