import { formatPence, penceOf } from "~/ui/money";

/** How an artwork's free-text price reads on the site: "150" -> "£150", "200-300" -> "£200–£300". */
export function formatPrice(price: string | null | undefined): string | null {
  const value = price?.trim();
  if (!value) return null;
  const range = /^£?\s*(\d+(?:\.\d{1,2})?)\s*[-–]\s*£?\s*(\d+(?:\.\d{1,2})?)$/.exec(value);
  if (range) return `£${range[1]}–£${range[2]}`;
  const single = /^£?\s*(\d+(?:\.\d{1,2})?)$/.exec(value);
  if (single) return `£${single[1]}`;
  return value;
}

export const NO_PRICE_TEXT = "Contact for pricing";

/**
 * The one price a card or a page's heading shows: with options, the range of those not sold out ("£45", or
 * "from £35" when they differ); without, the artwork's own price, or "Contact for pricing".
 */
export function priceText(price: string | null, optionPrices: number[]): string {
  if (optionPrices.length === 0) return formatPrice(price) ?? NO_PRICE_TEXT;
  const lowest = Math.min(...optionPrices);
  return lowest === Math.max(...optionPrices) ? formatPence(lowest) : `from ${formatPence(lowest)}`;
}

/** A free-text price that is a number of pounds or a range, as pence (a single price twice); null for text. */
export function amountsOf(price: string | null | undefined): [number, number] | null {
  const parts = price?.trim().split(/\s*[-–]\s*/) ?? [];
  if (parts.length === 0 || parts.length > 2) return null;
  const pence = parts.map(penceOf);
  const [low, high = low] = pence;
  return low === null || low === undefined || high === null || high === undefined ? null : [low, high];
}
