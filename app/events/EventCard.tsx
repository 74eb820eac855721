import { Link } from "@remix-run/react";
import { Icon } from "~/ui/Icon";
import { formatEventDate } from "~/ui/dates";
import { EVENT_STATUS_LABELS, eventStatus } from "~/events/status";

export type EventCardData = {
  id: string;
  name: string;
  /** Left out where cards are listed for the admin (the dashboard); the edit page shows it whole. */
  description?: string;
  date: string;
  location: string | null;
  /** Only the dashboard lists drafts, marked as such. */
  draft?: boolean;
  /** Its image on visitors' cards (the dashboard's cards go without). */
  image?: { src: string; srcSet: string | undefined } | null;
};

/**
 * `editable` (decided by the server's admin session) adds the 'Edit Event' link; `learnMore` (the home
 * page's landing-style cards) a 'Learn more' link to the event on /events. `headingLevel` follows the
 * page's outline: 2 where the cards sit right under the page's h1, 3 under a section's h2.
 */
export function EventCard({
  event,
  today,
  editable = false,
  learnMore = false,
  headingLevel = 3,
  anchorId,
}: {
  event: EventCardData;
  today: string;
  editable?: boolean;
  learnMore?: boolean;
  headingLevel?: 2 | 3;
  /** Lets a link land on this card (the first of the cards "Show more events" adds). */
  anchorId?: string;
}) {
  const status = eventStatus(event.date, today);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`event-card event-card--${status}`} aria-labelledby={`event-${event.id}`} id={anchorId}>
      {event.image ? (
        // Its name is the card's heading: the picture adds nothing for a screen reader.
        <img
          src={event.image.src}
          srcSet={event.image.srcSet}
          sizes={event.image.srcSet ? "(min-width: 760px) 33vw, 100vw" : undefined}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="event-card__image"
        />
      ) : null}
      <span className={`badge badge--${status}`}>{EVENT_STATUS_LABELS[status]}</span>
      {event.draft ? <span className="badge badge--draft event-card__draft">Draft</span> : null}
      <Heading id={`event-${event.id}`} className="event-card__name">
        {event.name}
      </Heading>
      <p className="event-card__meta">
        <Icon name="calendar-days" />
        <time dateTime={event.date}>{formatEventDate(event.date)}</time>
      </p>
      {event.location ? (
        <p className="event-card__meta">
          <Icon name="map-pin" />
          <span>{event.location}</span>
        </p>
      ) : null}
      {event.description ? <p className="event-card__description">{event.description}</p> : null}
      {learnMore ? (
        // The event's name is part of the link's text, hidden from sight: "Learn more" alone says nothing
        // to a search engine or a screen reader's list of links.
        <Link to={`/events#event-${event.id}`} className="button button--secondary event-card__more">
          Learn more<span className="visually-hidden"> about {event.name}</span>
        </Link>
      ) : null}
      {editable ? (
        <Link to={`/events/edit/${encodeURIComponent(event.id)}`} className="text-link event-card__edit">
          <Icon name="pencil" /> Edit Event
        </Link>
      ) : null}
    </article>
  );
}
