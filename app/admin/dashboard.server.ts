import { listSessions } from "~/admin/sessions.server";
import type { Notice } from "~/admin/notices";
import type { Database } from "~/platform/db.server";
import { CATEGORY_LABELS, categoriesOf } from "~/artworks/categories";
import { todayIn } from "~/ui/dates";
import { thumbnailOf } from "~/images/references";
import { listEvents } from "~/events/queries.server";
import { MESSAGES_PER_PAGE, messagesPage } from "~/messages/queries.server";

/** Characters of a message the Inbox shows before "Read the whole message". */
export const MESSAGE_PREVIEW = 300;
import { listArtworks } from "~/artworks/queries.server";
import { TESTIMONIALS_PER_PAGE, testimonialsPage } from "~/testimonials/queries.server";

/** Whether a post matches the dashboard search: title, medium or any category (label or value). */
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

/** Everything the signed-in dashboard shows. */
export async function getDashboardData(
  database: Database,
  query: string,
  currentSessionId: string | undefined,
  pageNumbers: { testimonials: number; messages: number },
  /** The message shown whole (?read=<id>); the others show their first MESSAGE_PREVIEW characters. */
  readId: string | null = null,
) {
  const today = todayIn();
  const [artworks, events, testimonials, messages, sessions] = await Promise.all([
    listArtworks(database),
    listEvents(database, today),
    testimonialsPage(database, pageNumbers.testimonials),
    messagesPage(database, pageNumbers.messages),
    listSessions(database),
  ]);
  return {
    total: artworks.length,
    artworks: artworks
      .filter((artwork) => matchesSearch(artwork, query))
      .map((artwork) => ({
        id: artwork.id,
        title: artwork.title,
        medium: artwork.medium,
        size: artwork.size,
        available: artwork.available,
        image: artwork.imageUrls[0] ? thumbnailOf(artwork.imageUrls[0], artwork.imageVariants) : null,
        categories: categoriesOf(artwork),
      })),
    events,
    today,
    testimonials: testimonials.rows,
    testimonialTotals: {
      total: testimonials.total,
      pending: testimonials.pending,
      page: pageNumbers.testimonials,
      pages: Math.max(1, Math.ceil(testimonials.total / TESTIMONIALS_PER_PAGE)),
    },
    // A flood of long messages must not make the page heavy: each is sent as a preview unless asked for.
    messages: messages.rows.map((row) => {
      const whole = row.id === readId || row.message.length <= MESSAGE_PREVIEW;
      return {
        ...row,
        message: whole ? row.message : `${row.message.slice(0, MESSAGE_PREVIEW)}…`,
        whole,
        reading: row.id === readId,
      };
    }),
    messageTotals: {
      total: messages.total,
      page: pageNumbers.messages,
      pages: Math.max(1, Math.ceil(messages.total / MESSAGES_PER_PAGE)),
    },
    // Never the session ids: they are what the cookies carry.
    sessions: sessions.map(({ id, device, createdAt, lastSeenAt }) => ({
      device,
      signedInAt: new Date(createdAt).toISOString(),
      lastSeenAt: new Date(lastSeenAt).toISOString(),
      current: id === currentSessionId,
    })),
  };
}

/** What the signed-in dashboard shows: its data, the search and the outcome notice of the last action. */
export type DashboardData = Awaited<ReturnType<typeof getDashboardData>> & { query: string; notice: Notice | null };
