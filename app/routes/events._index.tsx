import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { isAdmin } from "~/admin/session.server";
import { EventCard } from "~/events/EventCard";
import { db } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { listEvents } from "~/events/queries.server";
import { showMore, showMoreWindow } from "~/platform/paging";
import { ShowMore, useShowMore } from "~/ui/ShowMore";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description: "Exhibitions, open studios, markets and charity auctions where you can see the paintings in person.",
    url: absoluteUrl(siteUrlOf(matches), "/events"),
  });

// Cards per "Show more events": past events pile up over the years.
const EVENTS_PAGE_SIZE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const today = todayIn();
  const window = showMoreWindow(new URL(request.url).searchParams, EVENTS_PAGE_SIZE);
  const [rows, admin] = await Promise.all([
    listEvents(db(context.cloudflare.env), today, { limit: window.limit }),
    isAdmin(request, context),
  ]);
  const { rows: events, ...more } = showMore(rows, window);
  return { events, ...more, today, admin };
}

export default function Events() {
  const { events, page, hasMore, today, admin } = useLoaderData<typeof loader>();
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
            <CalendarDays size={32} aria-hidden="true" />
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
    </section>
  );
}
