// The European Central Bank's daily reference rates (eurofxref-daily.xml): published each working day
// around 16:00 CET, every rate quoted as units of a currency one euro buys.
import type { ExchangeRates } from "~/rates/schema";

export const ECB_DAILY_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
/** The document is about 1.5 KB; more than this is not the ECB's. */
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

/** Reads the rates the site converts with from the ECB's document, or null when it does not hold them. */
export function ratesFromEcb(xml: string): ExchangeRates | null {
  const day = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const rate = (currency: string) => {
    const match = new RegExp(`<Cube\\s+currency=['"]${currency}['"]\\s+rate=['"](\\d+(?:\\.\\d+)?)['"]`).exec(xml);
    const value = Number(match?.[1]);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const gbpPerEuro = rate("GBP");
  const usdPerEuro = rate("USD");
  if (!day || gbpPerEuro === null || usdPerEuro === null) return null;
  return { day, gbpPerEuro, usdPerEuro };
}

/** Fetches today's document; null (and a log line) when the feed cannot be read. */
export async function fetchEcbRates(): Promise<ExchangeRates | null> {
  try {
    const response = await fetch(ECB_DAILY_URL, {
      headers: { Accept: "application/xml, text/xml" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the feed answered ${response.status}`);
    const declared = Number(response.headers.get("Content-Length") ?? 0);
    if (declared > MAX_BYTES) throw new Error(`the feed declared ${declared} bytes`);
    const text = await response.text();
    const rates = text.length <= MAX_BYTES ? ratesFromEcb(text) : null;
    if (!rates) throw new Error("the feed's document holds no GBP and USD rates");
    return rates;
  } catch (error) {
    console.error("[rates] the ECB's reference rates could not be read:", error);
    return null;
  }
}
