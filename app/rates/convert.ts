// Prices in euros and dollars, approximately, for a buyer abroad: from pence at the ECB's rates, which
// quote what one euro buys. Rates older than a week are not read (the query leaves them out): pounds only.
import type { ExchangeRates } from "~/rates/schema";
import { formatNumber } from "~/ui/numbers";

/** Rates dated more than this many days before today are too old to show. */
export const RATES_MAX_AGE_DAYS = 7;

/** Whole euros or dollars; past 1,000 the nearest ten, which is all an approximation can promise. */
function rounded(amount: number): number {
  return amount < 1000 ? Math.round(amount) : Math.round(amount / 10) * 10;
}

const money = (symbol: string, amount: number) => `${symbol}${formatNumber(rounded(amount))}`;

/**
 * "≈ €52 · $57" for a price in pence, for a range "≈ €232–€348 · $250–$375", for the lowest of several
 * (`from`) "≈ from €40 · $44"; null without rates (or none recent enough: app/rates/queries.server.ts).
 */
export function approximately(
  pence: number | readonly [number, number],
  rates: ExchangeRates | null,
  { from = false } = {},
): string | null {
  if (!rates) return null;
  const [low, high] = typeof pence === "number" ? [pence, pence] : pence;
  const inEach = (symbol: string, perEuro: number) => {
    const convert = (amount: number) => ((amount / 100) * perEuro) / rates.gbpPerEuro;
    return low === high
      ? money(symbol, convert(low))
      : `${money(symbol, convert(low))}–${money(symbol, convert(high))}`;
  };
  return `≈ ${from ? "from " : ""}${inEach("€", 1)} · ${inEach("$", rates.usdPerEuro)}`;
}

// Made once: toLocaleDateString with options builds a new formatter on every call (about 40 µs).
const rateDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** What the page says of the rates: "the European Central Bank's rates of 26 November 2026". */
export function ratesNote(rates: ExchangeRates): string {
  const day = rateDay.format(new Date(`${rates.day}T12:00:00Z`));
  return `Euro and dollar prices are approximate, at the European Central Bank's reference rates of ${day}.`;
}
