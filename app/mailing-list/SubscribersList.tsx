import { Trash2 } from "lucide-react";
import { RowAction } from "~/ui/RowAction";
import { CATEGORY_LABELS } from "~/artworks/categories";
import { formatEventDate } from "~/ui/dates";
import type { SubscriberRow } from "~/mailing-list/subscribers.server";

const STATE: Record<SubscriberRow["status"], string> = {
  confirmed: "Confirmed",
  pending: "Waiting to confirm",
  left: "Left",
};

/** What an address hears about, in one line: "New work (Oil, Watercolor) · Events". */
export function hearsAbout(subscriber: Pick<SubscriberRow, "newWork" | "categories" | "events">): string {
  const kinds = subscriber.categories.map((category) => CATEGORY_LABELS[category]).join(", ");
  const parts = [
    subscriber.newWork ? (kinds ? `New work (${kinds})` : "New work") : null,
    subscriber.events ? "Events" : null,
  ];
  return parts.filter(Boolean).join(" · ") || "Nothing";
}

/** The addresses, the newest first, each with its state, what it hears about, and Delete (on its owner's request). */
export function SubscribersList({ subscribers, searched }: { subscribers: SubscriberRow[]; searched: boolean }) {
  if (subscribers.length === 0) {
    return (
      <p className="sales__empty">
        {searched
          ? "No address on the list holds that."
          : "No one on the list yet: the form in every page's footer, on the Events page and under a sold work adds them."}
      </p>
    );
  }
  return (
    <ul className="sales__list">
      {subscribers.map((subscriber) => (
        <li key={subscriber.id} className="card-panel sales__sale">
          <h2 className="sales__title subscribers__email">{subscriber.email}</h2>
          <p>
            <strong>{STATE[subscriber.status]}</strong>
            {subscriber.status === "confirmed" && subscriber.consent
              ? ` since ${formatEventDate(subscriber.consent.at.slice(0, 10))}`
              : subscriber.status === "left" && subscriber.leftAt
                ? ` on ${formatEventDate(subscriber.leftAt.slice(0, 10))}`
                : ` · asked ${formatEventDate(subscriber.createdAt.slice(0, 10))}`}
          </p>
          <p>{hearsAbout(subscriber)}</p>
          <RowAction
            intent="delete"
            fields={{ id: subscriber.id }}
            confirmText={`Delete ${subscriber.email} from the list, with its consent record? Do this when its owner asks to be forgotten. It cannot be undone.`}
            label="Delete"
            busyLabel="Deleting..."
            ariaLabel={`Delete ${subscriber.email}`}
            icon={<Trash2 size={16} aria-hidden="true" />}
            formClassName="button-row"
          />
        </li>
      ))}
    </ul>
  );
}
