import type { ArtworkOption } from "~/artworks/options";

/**
 * The number the next print of a limited edition takes: the lowest free one after those counted sold
 * before their sales were recorded (taken to be the first numbers), or else the lowest free one at all.
 */
export function nextEditionNumber(option: Pick<ArtworkOption, "edition" | "sold">, used: number[]): number | null {
  if (option.edition === null) return null;
  const taken = new Set(used);
  const unrecorded = Math.max(option.sold - used.length, 0);
  for (const start of [unrecorded + 1, 1]) {
    for (let number = start; number <= option.edition; number++) if (!taken.has(number)) return number;
  }
  return null;
}

/** A print's number as a certificate or the sales list writes it: "7/50". */
export function editionText(number: number, size: number): string {
  return `${number}/${size}`;
}

/** Which print a sale sold, in one line ("A4 giclée print · 29.7 × 21 cm · 7/50"); "" for an original. */
export function printSold(sale: {
  optionName: string | null;
  editionNumber: number | null;
  editionSize: number | null;
}): string {
  const number =
    sale.editionNumber !== null && sale.editionSize !== null ? editionText(sale.editionNumber, sale.editionSize) : null;
  return [sale.optionName, number].filter(Boolean).join(" · ");
}
