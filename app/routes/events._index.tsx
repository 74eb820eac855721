import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isAdmin } from "~/admin/session.server";
import { db } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { listEvents } from "~/events/queries.server";
import { eventCard } from "~/events/view";
import { showMore, showMoreWindow } from "~/platform/paging";
import { SubscribeForm } from "~/mailing-list/SubscribeForm";
import { EventsPage, EVENTS_PAGE_SIZE } from "~/events/EventsPage";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description: "Exhibitions, open studios, markets and charity auctions where you can see the paintings in person.",
    url: absoluteUrl(siteUrlOf(matches), "/events"),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const today = todayIn();
  const window = showMoreWindow(new URL(request.url).searchParams, EVENTS_PAGE_SIZE);
  const [rows, admin] = await Promise.all([
    listEvents(db(context.cloudflare.env), today, { limit: window.limit }),
    isAdmin(request, context),
  ]);
  const { rows: events, ...more } = showMore(rows, window);
  return { events: events.map(eventCard), ...more, today, admin };
}

export default function Events() {
  return (
    <EventsPage
      {...useLoaderData<typeof loader>()}
      subscribe={
        <SubscribeForm
          source="events"
          title="Hear about the next event"
          note="Cannot come this time? An e-mail when the next exhibition or open studio is announced, and new work if you like."
        />
      }
    />
  );
}
