import { CalendarDays, MapPin } from "lucide-react";
import { EVENT_STATUS_LABELS, eventStatus, formatEventDate } from "~/lib/dates";

export type EventCardData = {
  id: string;
  name: string;
  description: string;
  date: string;
  location: string | null;
};

export function EventCard({ event, today }: { event: EventCardData; today: string }) {
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
    </article>
  );
}
