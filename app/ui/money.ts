// Money as the site keeps it, integer pence, and as people read and type it, in pounds.
import { formatNumber } from "~/ui/numbers";

/** Pence as the site writes a price: 4500 -> "£45", 4550 -> "£45.50". */
export function formatPence(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  return `£${formatNumber(pounds)}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
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
