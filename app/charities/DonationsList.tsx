import { Form, useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { formatPence } from "~/ui/money";
import { formatEventDate } from "~/ui/dates";
import type { DonationRow } from "~/charities/queries.server";

/** The donations she recorded, the latest first, each with Delete for one recorded by mistake. */
export function DonationsList({ donations }: { donations: DonationRow[] }) {
  const navigation = useNavigation();
  if (donations.length === 0) return <p>No donations recorded yet.</p>;
  return (
    <ul className="charities__list">
      {donations.map((donation) => {
        const label = `${formatPence(donation.amountPence)} to ${donation.charityName}`;
        const deleting =
          navigation.formData?.get("intent") === "delete-donation" && navigation.formData.get("id") === donation.id;
        return (
          <li key={donation.id} className="card-panel charities__item">
            <p className="charities__donation">{label}</p>
            <p>{`Given ${formatEventDate(donation.givenOn)}${donation.reference ? ` · ${donation.reference}` : ""}`}</p>
            <Form method="post" className="charities__actions">
              <input type="hidden" name="id" value={donation.id} />
              <button
                type="submit"
                name="intent"
                value="delete-donation"
                className="button button--ghost"
                disabled={deleting}
                aria-label={`Delete donation: ${label}`}
              >
                <Trash2 size={16} aria-hidden="true" /> {deleting ? "Deleting..." : "Delete"}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
