import { certificateNumberText } from "~/sales/certificate-number";

/** The sales list. */
export const SALES_PATH = "/sales";

/** Where a sale of an artwork is recorded: from its enquiry (prefilled with the buyer), for one option. */
export function recordSalePath(artworkId: string, from: { enquiry?: string; option?: string | null } = {}): string {
  const search = new URLSearchParams({ artwork: artworkId });
  if (from.enquiry) search.set("enquiry", from.enquiry);
  if (from.option) search.set("option", from.option);
  return `/sales/new?${search}`;
}

/** Where an artwork (or a print of an option) is reserved for a buyer, from their enquiry. */
export function reservePath(artworkId: string, from: { enquiry?: string; option?: string | null } = {}): string {
  return recordSalePath(artworkId, from).replace("/sales/new?", "/sales/reserve?");
}

/** The sales list after a sale was recorded, showing it first. */
export const saleRecordedPath = (id: string) => `${SALES_PATH}?recorded=${encodeURIComponent(id)}`;

/** A sale's own page, where its details are changed. */
export const salePath = (id: string) => `${SALES_PATH}/${encodeURIComponent(id)}`;

/** The collectors list, and one collector's page. */
export const COLLECTORS_PATH = "/collectors";
export const collectorPath = (id: string) => `${COLLECTORS_PATH}/${encodeURIComponent(id)}`;

/** A certificate's public page, where anyone holding it checks it: /certificate/7F3A-92C1-44D0-B8E5. */
export const certificatePath = (number: string) => `/certificate/${certificateNumberText(number)}`;

/** A sale's certificate of authenticity as a PDF, for the artist to download. */
export const certificatePdfPath = (saleId: string) => `${salePath(saleId)}/certificate.pdf`;

/** The sale's page after "E-mail Receipt" (posted to the page itself), saying how it went. */
export const receiptSentPath = (saleId: string, answer: string) =>
  `${salePath(saleId)}?receipt=${encodeURIComponent(answer)}#certificate`;

/** The payment instructions' form on the Sales page, linked from a reply that could offer them. */
export const PAYMENT_INSTRUCTIONS_ANCHOR = "payment-instructions";
