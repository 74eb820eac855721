import { Link } from "@remix-run/react";
import { RowAction } from "~/ui/RowAction";
import { charityPath } from "~/charities/path";
import { artworkPath } from "~/artworks/path";
import { formatPence } from "~/ui/money";
import { formatDateTime, formatEventDate } from "~/ui/dates";
import { printSold } from "~/sales/editions";
import type { SaleRow } from "~/sales/queries.server";
import { PAYMENTS, SHIPPINGS } from "~/sales/ways";
import { certificatePath, certificatePdfPath, collectorPath, salePath, SALES_PATH } from "~/sales/path";
import { certificateNumberText } from "~/sales/certificate-number";

/** Every sale, the latest first, each with its buyer and a way to undo it (a refund, a mistake). */
export function SalesList({ sales, recorded }: { sales: SaleRow[]; recorded: string | null }) {
  if (sales.length === 0) {
    return (
      <p className="sales__empty">
        No sales yet. Record one from an enquiry in the <Link to="/inbox">Inbox</Link>, or from an artwork on the{" "}
        <Link to="/dashboard">dashboard</Link>.
      </p>
    );
  }
  return (
    <ol className="sales__list">
      {sales.map((sale) => (
        <SaleItem key={sale.id} sale={sale} fresh={sale.id === recorded} />
      ))}
    </ol>
  );
}

function SaleItem({ sale, fresh }: { sale: SaleRow; fresh: boolean }) {
  const what = printSold(sale);
  return (
    <li
      className={`card-panel sales__sale${fresh ? " sales__sale--fresh" : ""}${sale.undoneAt ? " sales__sale--undone" : ""}`}
    >
      <h3 className="sales__title">
        <Link to={artworkPath(sale.artworkId)}>{sale.artworkTitle}</Link>
        {sale.undoneAt ? <span className="badge badge--past">Undone</span> : null}
      </h3>
      {what ? <p className="sales__what">{what}</p> : null}
      <p className="sales__money">
        <strong>{sale.pricePence === null ? "Price not recorded" : formatPence(sale.pricePence)}</strong> ·{" "}
        <time dateTime={sale.soldOn}>{formatEventDate(sale.soldOn)}</time>
      </p>
      <p className="sales__ways">
        {PAYMENTS[sale.payment]} · {SHIPPINGS[sale.shipping]}
      </p>
      <p className="sales__buyer">
        {sale.buyerName ? (
          <>
            <Link to={collectorPath(sale.collectorId!)}>{sale.buyerName}</Link> · {sale.buyerEmail}
          </>
        ) : (
          "No buyer recorded"
        )}
      </p>
      {sale.charityName && sale.pledgePence !== null && !sale.undoneAt ? (
        <p>
          {`Pledges ${formatPence(sale.pledgePence)} to `}
          <Link to={charityPath(sale.charityId!)}>{sale.charityName}</Link>
        </p>
      ) : null}
      {sale.note ? <p className="sales__note">{sale.note}</p> : null}
      {sale.undoneAt || !sale.certificateNumber ? null : (
        <p className="sales__ways">
          Certificate{" "}
          <Link
            to={certificatePath(sale.certificateNumber)}
            className="sales__certificate-number"
            aria-label={`Certificate ${certificateNumberText(sale.certificateNumber)}: its public page`}
          >
            {certificateNumberText(sale.certificateNumber)}
          </Link>
        </p>
      )}
      <div className="sales__actions">
        <Link
          to={salePath(sale.id)}
          className="button button--secondary"
          aria-label={`${sale.collectorId ? "Edit" : "Complete"}: the sale of ${sale.artworkTitle}${what ? `, ${what}` : ""}`}
        >
          {sale.collectorId ? "Edit" : "Complete"}
        </Link>
        {sale.undoneAt ? null : (
          // A file, not a page (Content-Disposition: attachment): a plain link, no client navigation.
          <a
            href={certificatePdfPath(sale.id)}
            className="button button--ghost"
            aria-label={`Certificate (PDF): ${sale.artworkTitle}${what ? `, ${what}` : ""}`}
          >
            Certificate
          </a>
        )}
        {sale.undoneAt ? (
          <p className="sales__undone">
            Undone <time dateTime={sale.undoneAt}>{formatDateTime(sale.undoneAt)}</time>
          </p>
        ) : (
          <RowAction
            intent="undo"
            fields={{ id: sale.id }}
            action={SALES_PATH}
            confirmText={`Undo this sale of ${sale.artworkTitle}? The work becomes available again.`}
            label="Undo Sale"
            busyLabel="Undoing..."
            ariaLabel={`Undo Sale: ${sale.artworkTitle}${what ? `, ${what}` : ""}`}
          />
        )}
      </div>
    </li>
  );
}
