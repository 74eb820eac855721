// An artwork's options: the sizes or editions a print is sold in, each with its own price (integer pence)
// and, for a limited edition, how many there are. An artwork without options is an original with one
// free-text price and availability; with options, it is sold only when every option is sold out.
import type { Share } from "~/charities/share";

/** One way to buy an artwork: "A3 giclée print", its size, its price and its edition. */
export type ArtworkOption = {
  /** Stable across edits, so an enquiry or a sale can name it. */
  id: string;
  label: string;
  /** As the artist writes it ("42 × 29.7 cm"); "" when not given. */
  size: string;
  pricePence: number;
  /** How many prints the edition has; null for an open edition. */
  edition: number | null;
  /** How many have been sold. */
  sold: number;
  /** Its own share for the artwork's charity ("£5" of an A4 print); absent, the artwork's share holds. */
  share?: Share;
};

/** At most this many options on one artwork: a page that lists them stays short on a phone. */
export const OPTIONS_MAX = 12;
export const OPTION_LABEL_MAX = 80;
export const OPTION_SIZE_MAX = 100;
/** The largest edition and price the form takes: far beyond any print run or print. */
export const EDITION_MAX = 100_000;
export const PRICE_PENCE_MAX = 100_000_000;

/** How many of a limited edition are left; null for an open edition (never sold out). */
export function remainingOf(option: Pick<ArtworkOption, "edition" | "sold">): number | null {
  return option.edition === null ? null : Math.max(option.edition - option.sold, 0);
}

export function isSoldOut(option: Pick<ArtworkOption, "edition" | "sold">): boolean {
  return remainingOf(option) === 0;
}

/** An artwork with options is available while any option is; without options its own status stands. */
export function availabilityOf(options: ArtworkOption[], own: "yes" | "no"): "yes" | "no" {
  if (options.length === 0) return own;
  return options.some((option) => !isSoldOut(option)) ? "yes" : "no";
}

/** What an option is called where one line names it (the enquiry, the Inbox, the e-mail). */
export function optionName(option: Pick<ArtworkOption, "label" | "size">): string {
  return option.size ? `${option.label} · ${option.size}` : option.label;
}

/** What remains of an option, as the artwork page says it, with the prints held for buyers (`reserved`). */
export function stockText(option: Pick<ArtworkOption, "edition" | "sold">, reserved = 0): string {
  const remaining = remainingOf(option);
  const held = reserved > 0 ? ` · ${reserved} reserved` : "";
  if (remaining === null) return `Open edition${held}`;
  if (remaining === 0) return "Sold out";
  if (remaining <= reserved) return "Reserved";
  return `${remaining} of ${option.edition} left${held}`;
}
