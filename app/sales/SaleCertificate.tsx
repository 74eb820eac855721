import { Form, Link, useNavigation } from "@remix-run/react";
import { FormMessages } from "~/forms/FormMessages";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { attemptsText, DELIVERY_STATUS } from "~/messages/delivery-status";
import { formatDateTime } from "~/ui/dates";
import { certificateNumberText } from "~/sales/certificate-number";
import { certificatePath, certificatePdfPath, salePath } from "~/sales/path";
import type { Receipt } from "~/sales/schema";
import { RECEIPT_ANSWERS, type ReceiptAnswer } from "~/sales/receipt-answers";

export type SaleCertificateProps = {
  saleId: string;
  number: string;
  buyerEmail: string | null;
  receipts: Receipt[];
  /** The receipt form's one submission (a second tap sends nothing more). */
  submission: string;
  /** How the last "E-mail Receipt" went, from the address it came back to. */
  answer: ReceiptAnswer | null;
};

/**
 * A standing sale's certificate of authenticity on its page: the number, the PDF, its public page, and
 * the receipt e-mailed to the buyer with the certificate attached (each one sent, and how it went).
 */
export function SaleCertificate({ saleId, number, buyerEmail, receipts, submission, answer }: SaleCertificateProps) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "receipt";
  const said = answer ? RECEIPT_ANSWERS[answer] : null;
  return (
    <section className="sales__certificate" aria-labelledby="sale-certificate-title" id="certificate">
      <h2 id="sale-certificate-title" className="sales__heading">
        Certificate of authenticity
      </h2>
      <p>
        Number <strong className="sales__certificate-number">{certificateNumberText(number)}</strong>. Anyone holding it
        can check it at its page, which shows the work and never the buyer.
      </p>
      <div className="sales__actions">
        <a href={certificatePdfPath(saleId)} className="button button--secondary">
          Download PDF
        </a>
        <Link to={certificatePath(number)} className="button button--ghost">
          Its Public Page
        </Link>
      </div>
      <h3 className="sales__subheading">Receipt</h3>
      {buyerEmail ? (
        <Form method="post" action={salePath(saleId)} className="sales__receipt">
          <input type="hidden" name="intent" value="receipt" />
          <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
          <p>The receipt says what was bought and paid, with the certificate attached.</p>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Sending..." : `E-mail Receipt to ${buyerEmail}`}
          </button>
        </Form>
      ) : (
        <p>Add the buyer&rsquo;s e-mail address above to send them a receipt with the certificate.</p>
      )}
      {said ? <FormMessages error={said.ok ? undefined : said.text} success={said.ok ? said.text : undefined} /> : null}
      {receipts.length > 0 ? (
        <ul className="sales__receipts">
          {receipts.map((receipt) => {
            const status = DELIVERY_STATUS[receipt.status];
            return (
              <li key={receipt.id}>
                <span className={`badge ${status.badge}`}>{status.label}</span> to {receipt.email} ·{" "}
                <time dateTime={receipt.createdAt}>{formatDateTime(receipt.createdAt)}</time>
                {receipt.status === "failed" ? (
                  // The same receipt again (its id), not a second one beside it.
                  <Form method="post" action={salePath(saleId)} className="sales__retry">
                    <p className="sales__note">{attemptsText(receipt)}</p>
                    <input type="hidden" name="intent" value="receipt" />
                    <input type="hidden" name={SUBMISSION_FIELD} value={receipt.id} />
                    <button
                      type="submit"
                      className="button button--ghost"
                      disabled={sending}
                      aria-label={`Retry the receipt to ${receipt.email}`}
                    >
                      Retry
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
