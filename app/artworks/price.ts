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
