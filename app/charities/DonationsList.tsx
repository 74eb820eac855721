import { Trash2 } from "lucide-react";
import { RowAction } from "~/ui/RowAction";
import { formatPence } from "~/ui/money";
import { formatEventDate } from "~/ui/dates";
import type { DonationRow } from "~/charities/queries.server";

/** The donations she recorded, the latest first, each with Delete for one recorded by mistake. */
export function DonationsList({ donations }: { donations: DonationRow[] }) {
  if (donations.length === 0) return <p>No donations recorded yet.</p>;
  return (
    <ul className="charities__list">
      {donations.map((donation) => {
        const label = `${formatPence(donation.amountPence)} to ${donation.charityName}`;
        return (
          <li key={donation.id} className="card-panel charities__item">
            <p className="charities__donation">{label}</p>
            <p>{`Given ${formatEventDate(donation.givenOn)}${donation.reference ? ` · ${donation.reference}` : ""}`}</p>
            <RowAction
              intent="delete-donation"
              fields={{ id: donation.id }}
              label="Delete"
              busyLabel="Deleting..."
              ariaLabel={`Delete donation: ${label}`}
              icon={<Trash2 size={16} aria-hidden="true" />}
              formClassName="charities__actions"
            />
          </li>
        );
      })}
    </ul>
  );
}
