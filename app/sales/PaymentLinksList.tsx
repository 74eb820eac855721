import { Form, Link, useNavigation } from "@remix-run/react";
import { artworkPath } from "~/artworks/path";
import { formatPence } from "~/ui/money";
import { formatDateTime } from "~/ui/dates";
import type { PaymentLinkRow } from "~/sales/payment-links.server";

/**
 * The Stripe payment links sent in replies and not yet paid, and any paid after their work had sold (to
 * refund in Stripe, then mark refunded here). A paid one becomes a sale in the list below.
 */
export function PaymentLinksList({ links }: { links: PaymentLinkRow[] }) {
  const navigation = useNavigation();
  if (links.length === 0) return <p>No payment link is waiting to be paid.</p>;
  return (
    <ul className="sales__list">
      {links.map((link) => {
        const title = link.artworkTitle ?? "A deleted artwork";
        const marking = navigation.formData?.get("intent") === "refunded" && navigation.formData.get("id") === link.id;
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
                <Form method="post" className="sales__actions">
                  <input type="hidden" name="id" value={link.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="refunded"
                    className="button button--ghost"
                    disabled={marking}
                    aria-label={`Mark Refunded: ${title}`}
                  >
                    {marking ? "Saving..." : "Mark Refunded"}
                  </button>
                </Form>
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
