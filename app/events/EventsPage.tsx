import type { ReactNode } from "react";
import { EventCard, type EventCardData } from "~/events/EventCard";
import { ShowMore, useShowMore } from "~/ui/ShowMore";
import { Icon } from "~/ui/Icon";

// Cards per "Show more events": past events pile up over the years.
export const EVENTS_PAGE_SIZE = 12;

export function EventsPage({
  events,
  page,
  hasMore,
  today,
  admin,
  subscribe,
}: {
  events: EventCardData[];
  page: number;
  hasMore: boolean;
  today: string;
  admin: boolean;
  /** The mailing list's form, given by the route: "hear about the next one". */
  subscribe: ReactNode;
}) {
  const loading = useShowMore("/events", "event-at");
  return (
    <section className="section page" aria-labelledby="events-title">
      <h1 id="events-title" className="page__title">
        Events
      </h1>
      <p className="page__subtitle">Check out upcoming events below!</p>
      <div aria-live="polite" aria-busy={loading.other}>
        {loading.other ? (
          <div className="loading">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Loading events...</span>
          </div>
        ) : events.length > 0 ? (
          <div className="event-grid">
            {events.map((event, index) => (
              <EventCard
                key={event.id}
                event={event}
                today={today}
                editable={admin}
                headingLevel={2}
                anchorId={`event-at-${index + 1}`}
              />
            ))}
          </div>
        ) : (
          <div className="empty-state">
            <Icon name="calendar-days" size={32} />
            <h2>No Events Scheduled</h2>
            <p>Check back soon for upcoming art events and exhibitions!</p>
          </div>
        )}
      </div>
      {hasMore && !loading.other ? (
        <ShowMore
          page={page}
          size={EVENTS_PAGE_SIZE}
          anchor="event-at"
          label="Show more events"
          loading={loading.more}
        />
      ) : null}
      <div className="card-panel events__subscribe">{subscribe}</div>
    </section>
  );
}
