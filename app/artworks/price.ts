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

/** Pence as the site writes a price: 4500 -> "£45", 4550 -> "£45.50". */
export function formatPence(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  return `£${pounds.toLocaleString("en-GB")}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** A price typed in pounds ("45", "£45.50", "1,200") in pence, or null when it is not a number of pounds. */
export function penceOf(typed: string): number | null {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match?.[1]) return null;
  const pounds = Number(match[1].replace(/,/g, ""));
  const pence = Number((match[2] ?? "").padEnd(2, "0"));
  return pounds * 100 + pence;
}

/** Pence as the form shows it back: 4500 -> "45", 4550 -> "45.50". */
export function poundsText(pence: number): string {
  return pence % 100 ? (pence / 100).toFixed(2) : String(pence / 100);
}

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
