// The receipt as the buyer receives it: from the site's address under the artist's name, Reply-To the
// artist, what was bought and paid, and the certificate of authenticity attached. Built only; it is sent
// and recorded by app/sales/send-receipt.server.ts.
import { formatPence } from "~/ui/money";
import {
  escapeHtml,
  htmlDocument,
  oneLine,
  parseMailbox,
  rowsHtml,
  rowsText,
  type MailChannelsRequest,
  type Row,
} from "~/messages/mail.server";
import type { AppEnv } from "~/platform/env.server";
import { formatEventDate } from "~/ui/dates";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { editionOf } from "~/sales/certificate";
import { certificateNumberText } from "~/sales/certificate-number";
import type { CertificateFile } from "~/sales/certificate-file.server";
import { certificatePath } from "~/sales/path";
import type { Receipt, Sale } from "~/sales/schema";
import { PAYMENTS, SHIPPINGS } from "~/sales/ways";

export type ReceiptSale = { sale: Sale; buyerName: string | null };

export function composeReceipt(
  receipt: Receipt,
  { sale, buyerName }: ReceiptSale,
  certificate: CertificateFile,
  env: Pick<AppEnv, "MAIL_FROM" | "CONTACT_RECIPIENT" | "SITE_URL">,
): MailChannelsRequest {
  const title = oneLine(sale.artworkTitle);
  const name = oneLine(buyerName ?? "");
  const verifyUrl = sale.certificateNumber ? absoluteUrl(env.SITE_URL, certificatePath(sale.certificateNumber)) : null;
  const rows: Row[] = [
    ["Artwork", title],
    ...(sale.optionName
      ? ([
          ["Print", sale.optionName],
          ["Edition", editionOf({ print: sale.optionName, ...sale })],
        ] satisfies Row[])
      : []),
    ...(sale.pricePence === null ? [] : [["Price paid", formatPence(sale.pricePence)] satisfies Row]),
    ["Date of sale", formatEventDate(sale.soldOn)],
    ...(sale.payment === "not-recorded" ? [] : [["Payment", PAYMENTS[sale.payment]] satisfies Row]),
    ...(sale.shipping === "not-recorded" ? [] : [["Delivery", SHIPPINGS[sale.shipping]] satisfies Row]),
    ...(sale.certificateNumber && verifyUrl
      ? [["Certificate", certificateNumberText(sale.certificateNumber), verifyUrl] satisfies Row]
      : []),
  ];
  const greeting = name ? `Dear ${name},` : "Hello,";
  const thanks = `Thank you for buying "${title}". This is your receipt; your certificate of authenticity is attached.`;
  const check = verifyUrl ? `Anyone holding the certificate can check it at ${verifyUrl}` : "";
  const signOff = ["With thanks,", SITE.artistName];
  const text = [greeting, "", thanks, "", ...rowsText(rows), "", ...(check ? [check, ""] : []), ...signOff].join("\n");
  const html = htmlDocument(
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p>${rowsHtml(rows)}` +
      (check ? `<p>${escapeHtml(check)}</p>` : "") +
      `<p>${signOff.map(escapeHtml).join("<br>")}</p>`,
  );
  return {
    personalizations: [{ to: [{ email: receipt.email, ...(name ? { name } : {}) }] }],
    // As a reply goes: the site's own address sends, answers go to the artist.
    from: { email: parseMailbox(env.MAIL_FROM).email, name: SITE.artistName },
    reply_to: { email: env.CONTACT_RECIPIENT, name: SITE.artistName },
    subject: `Your receipt and certificate for "${title}"`,
    content: [
      { type: "text/plain", value: text },
      { type: "text/html", value: html },
    ],
    attachments: [{ content: base64(certificate.bytes), filename: certificate.filename, type: "application/pdf" }],
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
