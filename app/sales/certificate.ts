// What a certificate of authenticity says, as its public page and its PDF both write it: the work, which
// print of which edition, the day it was sold and the number. Nothing of the buyer.
import type { CopiesByImage } from "~/images/references";
import { formatEventDate } from "~/ui/dates";
import { SITE } from "~/ui/site";
import { certificateNumberText } from "~/sales/certificate-number";

export type Certificate = {
  number: string;
  title: string;
  /** The option sold ("A3 giclée print · 42 × 29.7 cm"); null for an original. */
  print: string | null;
  editionNumber: number | null;
  editionSize: number | null;
  soldOn: string;
  /** From the artwork as it is now; null once it was deleted (the sale keeps its title). */
  medium: string | null;
  size: string | null;
  year: string | null;
  image: string | null;
  imageCopies: CopiesByImage;
  /** The artwork's public page, while it has one. */
  artworkId: string | null;
};

/** "Original", "7 of 50", "Open edition", or "Limited edition of 50" when no number was recorded. */
export function editionOf(certificate: Pick<Certificate, "print" | "editionNumber" | "editionSize">): string {
  if (certificate.print === null) return "Original";
  if (certificate.editionSize === null) return "Open edition";
  return certificate.editionNumber === null
    ? `Limited edition of ${certificate.editionSize}`
    : `${certificate.editionNumber} of ${certificate.editionSize}`;
}

/** The certificate's lines, label and value, in the order both its page and its PDF show them. */
export function certificateRows(certificate: Certificate): [label: string, value: string][] {
  const rows: [string, string | null][] = [
    ["Artist", SITE.artistName],
    ["Title", certificate.title],
    ["Medium", certificate.medium],
    // A print's size is its option's; the artwork's size is the original's.
    certificate.print === null ? ["Size", certificate.size] : ["Print", certificate.print],
    ["Year", certificate.year],
    ["Edition", editionOf(certificate)],
    ["Date of sale", formatEventDate(certificate.soldOn)],
    ["Certificate number", certificateNumberText(certificate.number)],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]?.trim()));
}
