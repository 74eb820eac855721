import { Link } from "@remix-run/react";
import { CalendarDays, MapPin, Pencil } from "lucide-react";
import { EVENT_STATUS_LABELS, eventStatus, formatEventDate } from "~/lib/dates";

export type EventCardData = {
  id: string;
  name: string;
  description: string;
  date: string;
  location: string | null;
};

/** `editable` (decided by the server's admin session) adds the 'Edit Event' link. */
export function EventCard({
  event,
  today,
  editable = false,
}: {
  event: EventCardData;
  today: string;
  editable?: boolean;
}) {
  const status = eventStatus(event.date, today);
  return (
    <article className={`event-card event-card--${status}`} aria-labelledby={`event-${event.id}`}>
      <span className={`badge badge--${status}`}>{EVENT_STATUS_LABELS[status]}</span>
      <h3 id={`event-${event.id}`} className="event-card__name">
        {event.name}
      </h3>
      <p className="event-card__meta">
        <CalendarDays size={16} aria-hidden="true" />
        <time dateTime={event.date}>{formatEventDate(event.date)}</time>
      </p>
      {event.location ? (
        <p className="event-card__meta">
          <MapPin size={16} aria-hidden="true" />
          <span>{event.location}</span>
        </p>
      ) : null}
      <p className="event-card__description">{event.description}</p>
      {editable ? (
        <Link to={`/events/edit/${encodeURIComponent(event.id)}`} className="text-link event-card__edit">
          <Pencil size={16} aria-hidden="true" /> Edit Event
        </Link>
      ) : null}
    </article>
  );
}
