// A sale's certificate as the file the artist downloads and the receipt e-mail carries.
import type { Database } from "~/platform/db.server";
import type { ImageBindings } from "~/images/writes.server";
import { absoluteUrl } from "~/ui/seo";
import { certificateOfSale } from "~/sales/certificates.server";
import { certificatePdf } from "~/sales/certificate-pdf.server";
import { certificatePicture } from "~/sales/certificate-picture.server";
import { certificateNumberText } from "~/sales/certificate-number";
import { certificatePath } from "~/sales/path";

export type CertificateFile = { filename: string; bytes: Uint8Array<ArrayBuffer> };

/** The PDF of sale `saleId`'s certificate; undefined when the sale does not stand (none, or undone). */
export async function certificateFile(
  database: Database,
  bindings: ImageBindings,
  siteUrl: string,
  saleId: string,
): Promise<CertificateFile | undefined> {
  const certificate = await certificateOfSale(database, saleId);
  if (!certificate) return undefined;
  const picture = await certificatePicture(bindings, certificate.image, certificate.imageCopies);
  const verifyUrl = absoluteUrl(siteUrl, certificatePath(certificate.number));
  return {
    filename: `certificate-${certificateNumberText(certificate.number)}.pdf`,
    bytes: await certificatePdf(certificate, picture, verifyUrl),
  };
}
