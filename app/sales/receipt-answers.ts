import type { Receipt } from "~/sales/schema";

/** How "E-mail Receipt" went, as the sale's page is told it (?receipt=…) after the form's redirect. */
export type ReceiptAnswer = Receipt["status"] | "no-buyer";

export const RECEIPT_ANSWERS: Record<ReceiptAnswer, { ok: boolean; text: string }> = {
  sent: { ok: true, text: "Receipt sent, with the certificate attached." },
  logged: { ok: true, text: "Receipt written to the log: no mail key is set, so nothing was sent." },
  pending: { ok: true, text: "Receipt saved; it is on its way." },
  sending: { ok: true, text: "Receipt saved; it is being sent." },
  failed: { ok: false, text: "Sending the receipt failed (see why below); it will be tried again." },
  "no-buyer": { ok: false, text: "This sale has no buyer's e-mail address to send a receipt to." },
};

export function isReceiptAnswer(value: string | null): value is ReceiptAnswer {
  return value !== null && Object.hasOwn(RECEIPT_ANSWERS, value);
}
