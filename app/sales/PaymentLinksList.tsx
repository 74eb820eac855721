import { Link } from "@remix-run/react";
import { RowAction } from "~/ui/RowAction";
import { artworkPath } from "~/artworks/path";
import { formatPence } from "~/ui/money";
import { formatDateTime } from "~/ui/dates";
import type { PaymentLinkRow } from "~/sales/payment-links.server";

/**
 * The Stripe payment links sent in replies and not yet paid, and any paid after their work had sold (to
 * refund in Stripe, then mark refunded here). A paid one becomes a sale in the list below.
 */
export function PaymentLinksList({ links }: { links: PaymentLinkRow[] }) {
  if (links.length === 0) return <p>No payment link is waiting to be paid.</p>;
  return (
    <ul className="sales__list">
      {links.map((link) => {
        const title = link.artworkTitle ?? "A deleted artwork";
        return (
          <li key={link.id} className="card-panel sales__sale">
            <h3 className="sales__title">
              {link.artworkTitle ? <Link to={artworkPath(link.artworkId)}>{title}</Link> : title}
            </h3>
            <p>
              {formatPence(link.amountPence)}, sent{" "}
              <time dateTime={link.createdAt}>{formatDateTime(link.createdAt)}</time>
            </p>
            {link.status === "refund" ? (
              <>
                <p className="sales__warning">
                  Paid after the work had sold: refund this payment in your Stripe dashboard.
                </p>
                <RowAction
                  intent="refunded"
                  fields={{ id: link.id }}
                  label="Mark Refunded"
                  busyLabel="Saving..."
                  ariaLabel={`Mark Refunded: ${title}`}
                  formClassName="sales__actions"
                />
              </>
            ) : (
              <p className="sales__link">
                Waiting for payment: <a href={link.url ?? undefined}>{link.url}</a>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
