import { Link } from "@remix-run/react";
import { RowAction } from "~/ui/RowAction";
import { artworkPath } from "~/artworks/path";
import { formatEventDate } from "~/ui/dates";
import type { ReservationRow } from "~/sales/reservations.server";
import { recordSalePath } from "~/sales/path";

/** The works held for buyers now, the soonest to lapse first: record the sale, or end the hold early. */
export function ReservationsList({ reservations }: { reservations: ReservationRow[] }) {
  if (reservations.length === 0) return <p>Nothing is reserved.</p>;
  return (
    <ul className="sales__list">
      {reservations.map((reservation) => {
        const what = reservation.optionName ? ` (${reservation.optionName})` : "";
        return (
          <li key={reservation.id} className="card-panel sales__sale">
            <h3 className="sales__title">
              <Link to={artworkPath(reservation.artworkId)}>{reservation.artworkTitle}</Link>
            </h3>
            {reservation.optionName ? <p className="sales__what">One print: {reservation.optionName}</p> : null}
            <p>
              {`For ${reservation.name} until `}
              <time dateTime={reservation.until}>{formatEventDate(reservation.until)}</time>
            </p>
            <div className="sales__actions">
              <Link
                to={recordSalePath(reservation.artworkId, {
                  enquiry: reservation.messageId ?? undefined,
                  option: reservation.optionId,
                })}
                className="button button--secondary"
                aria-label={`Record Sale: ${reservation.artworkTitle}${what} to ${reservation.name}`}
              >
                Record Sale
              </Link>
              <RowAction
                intent="end-reservation"
                fields={{ artwork: reservation.artworkId, reservation: reservation.id }}
                label="End Reservation"
                busyLabel="Ending..."
                ariaLabel={`End Reservation: ${reservation.artworkTitle}${what} for ${reservation.name}`}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
