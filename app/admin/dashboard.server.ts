import { listDevices } from "~/admin/devices.server";
import { devicePasskeys } from "~/admin/schema";
import type { Notice } from "~/admin/notices";
import type { Database } from "~/platform/db.server";
import { CATEGORY_LABELS, categoriesOf } from "~/artworks/categories";
import { todayIn } from "~/ui/dates";
import { eventsPage } from "~/events/queries.server";
import { countInbox } from "~/messages/queries.server";
import { preview } from "~/platform/preview";
import { CARDS_PER_PAGE, pageWindow, paging } from "~/platform/paging";
import { listArtworks } from "~/artworks/queries.server";
import { artworkDashboardCard } from "~/artworks/view";
import { testimonialsPage, type TestimonialView } from "~/testimonials/queries.server";
import { dashboardAnnouncement } from "~/mailing-list/announce.server";
import { countNewRequests } from "~/commissions/requests.server";

/** Whether an artwork matches the dashboard search: title, medium or any category (label or value). */
export function matchesSearch(
  artwork: { title: string; medium: string; categories: string[]; category: string },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const categories = categoriesOf(artwork);
  const haystack = [artwork.title, artwork.medium, ...categories, ...categories.map((c) => CATEGORY_LABELS[c])];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** The page of each dashboard list (?artworks=N, ?events=N, ?testimonials=N). */
export type DashboardPages = Record<"artworks" | "events" | "testimonials", number>;

/** Which testimonials the dashboard lists (?testimonial-list=held for those held past the hourly cap). */
export function testimonialViewParam(params: URLSearchParams): TestimonialView {
  return params.get("testimonial-list") === "held" ? "held" : "received";
}

/** Known devices listed; a long-lived admin on many browsers sees the most recent and a count. */
export const DEVICES_SHOWN = 10;

/** Everything the signed-in dashboard shows: 25 rows of each list, however large the tables grow. */
export async function getDashboardData(
  database: Database,
  query: string,
  /** This browser's device, marked in the list. */
  currentDeviceId: string | undefined,
  pages: DashboardPages,
  /** The testimonial shown whole (?read=<id>); the others show their preview. */
  readId: string | null = null,
  testimonialView: TestimonialView = "received",
) {
  const today = todayIn();
  const [allArtworks, events, testimonials, inbox, devices, devicePasskeyCount, announced, newRequests] =
    await Promise.all([
      listArtworks(database),
      eventsPage(database, pages.events, today),
      testimonialsPage(database, testimonialView, pages.testimonials),
      countInbox(database),
      listDevices(database),
      database.$count(devicePasskeys),
      dashboardAnnouncement(database),
      countNewRequests(database),
    ]);
  const found = allArtworks.filter((artwork) => matchesSearch(artwork, query));
  const { offset, limit } = pageWindow(pages.artworks, CARDS_PER_PAGE);
  return {
    total: allArtworks.length,
    // The summary at the top: each count links to its place.
    artworkCounts: {
      available: allArtworks.filter((artwork) => !artwork.draft && artwork.available === "yes").length,
      sold: allArtworks.filter((artwork) => !artwork.draft && artwork.available === "no").length,
      drafts: allArtworks.filter((artwork) => artwork.draft).length,
    },
    upcomingEvents: events.upcoming,
    artworks: found.slice(offset, offset + limit).map(artworkDashboardCard),
    artworkPaging: paging(pages.artworks, found.length, CARDS_PER_PAGE),
    // Name, date and place; the description is one click away, on the event's edit page.
    events: events.rows.map(({ id, name, date, location, draft }) => ({ id, name, date, location, draft })),
    eventPaging: events.paging,
    today,
    testimonials: testimonials.rows.map(({ id, author, approved, held, message }) => {
      const shown = preview(message, id === readId);
      return { id, author, approved, held, message: shown.text, whole: shown.whole, reading: id === readId };
    }),
    testimonialView,
    testimonialPaging: testimonials.paging,
    receivedTestimonials: testimonials.received,
    pendingTestimonials: testimonials.pending,
    heldTestimonials: testimonials.held,
    // The latest announcement while it sends, and for a few days after.
    announcement: announced,
    newMessages: inbox.new,
    newRequests,
    heldMessages: inbox.held,
    // A device's id is the hash of its cookie's token, so the Remove button may carry it.
    devices: devices.slice(0, DEVICES_SHOWN).map(({ id, name, createdAt, lastSeenAt, signedIn }) => ({
      id,
      name,
      firstSignedInAt: new Date(createdAt).toISOString(),
      lastSeenAt: new Date(lastSeenAt).toISOString(),
      signedIn,
      current: id === currentDeviceId,
    })),
    deviceCount: devices.length,
    // Sign Out Everywhere offers to remove them too.
    devicePasskeyCount,
  };
}

/** What the signed-in dashboard shows: its data, the search and the outcome notice of the last action. */
export type DashboardData = Awaited<ReturnType<typeof getDashboardData>> & { query: string; notice: Notice | null };
