import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { isAdmin } from "~/admin/session.server";
import { EventCard } from "~/events/EventCard";
import { db } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/site/seo";
import { listEvents } from "~/events/queries.server";
import { usePendingLocation } from "~/ui/use-pending-location";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description: "Exhibitions, open studios, markets and charity auctions where you can see the paintings in person.",
    url: absoluteUrl(siteUrlOf(matches), "/events"),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const today = todayIn();
  const [events, admin] = await Promise.all([listEvents(db(context.cloudflare.env), today), isAdmin(request, context)]);
  return { events, today, admin };
}

export default function Events() {
  const { events, today, admin } = useLoaderData<typeof loader>();
  const loading = usePendingLocation("/events") !== null;
  return (
    <section className="section page" aria-labelledby="events-title">
      <h1 id="events-title" className="page__title">
        Events
      </h1>
      <p className="page__subtitle">Check out upcoming events below!</p>
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <div className="loading">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Loading events...</span>
          </div>
        ) : events.length > 0 ? (
          <div className="event-grid">
            {events.map((event) => (
              <EventCard key={event.id} event={event} today={today} editable={admin} headingLevel={2} />
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
    </section>
  );
}
