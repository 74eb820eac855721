import type { Database } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { responsiveImage } from "~/images/references";
import { listEvents } from "~/events/queries.server";
import { eventCard } from "~/events/view";
import { listCardRows } from "~/artworks/queries.server";
import { artworkCard } from "~/artworks/view";

const LATEST_WORKS = 6;
const HOME_EVENTS = 3;

/** What the home page shows: featured works first, then the shop's first, a header image, and the next events. */
export async function getHomePageData(database: Database, today: string = todayIn()) {
  // One round trip to D1: a far visitor's miss waits for it once.
  const [latest, events] = await database.batch([
    listCardRows(database, { limit: LATEST_WORKS, featuredFirst: true }),
    listEvents(database, today, { limit: HOME_EVENTS }),
  ]);
  const featured = latest.find((artwork) => artwork.available === "yes" && artwork.image) ?? latest[0] ?? null;
  return {
    latest: latest.map(artworkCard),
    featured:
      featured && featured.image
        ? {
            id: featured.id,
            title: featured.title,
            image: responsiveImage(featured.image, { [featured.image]: featured.imageCopies ?? {} }),
          }
        : null,
    events: events.map(eventCard),
    today,
  };
}

export type HomePageData = Awaited<ReturnType<typeof getHomePageData>>;
