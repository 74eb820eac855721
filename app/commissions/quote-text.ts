// How a quote reads in the reply the client receives: the artist's words, then the figures, then how to pay.
import { formatEventDate } from "~/ui/dates";
import { formatPence } from "~/ui/money";
import type { Quote } from "~/commissions/quote-form";

export function quoteText(quote: Pick<Quote, "price" | "deposit" | "expectedOn">, words: string, payment: string) {
  const lines = [
    words,
    "",
    `Price: ${formatPence(quote.price)}`,
    quote.deposit > 0 ? `Deposit to start: ${formatPence(quote.deposit)}` : "No deposit: you pay when it is done.",
    `Expected by: ${formatEventDate(quote.expectedOn)}`,
  ];
  return [...lines, ...(payment ? ["", payment] : [])].join("\n");
}
