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
