// The artist's Announce screen: what may be announced (prefilled with what is new since the last), the
// e-mail as a phone shows it, a test to herself, and Send, which stores the announcement with its recipients
// and queues them in parts (a Queues producer) before it answers: the queue consumer does the e-mailing
// (app/mailing-list/deliver-announcement.server.ts).
import type { AppEnv } from "~/platform/env.server";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { artworkDashboardCard } from "~/artworks/view";
import { artworkPath } from "~/artworks/path";
import type { Artwork } from "~/artworks/schema";
import type { Event } from "~/events/schema";
import { displayOf, type CopiesByImage } from "~/images/references";
import { attemptDelivery } from "~/messages/deliver.server";
import type { DeliveryOutcome } from "~/messages/outbox.server";
import { formatEventDate, todayIn } from "~/ui/dates";
import { ANNOUNCE_ITEMS_MAX, ANNOUNCE_LINE_MAX, type AnnounceInput } from "~/mailing-list/form";
import { ANNOUNCE_PATH } from "~/mailing-list/path";
import { manageToken } from "~/mailing-list/links.server";
import {
  announcementData,
  announcementEmail,
  renderAnnouncementHtml,
  type AnnouncementData,
} from "~/mailing-list/announcement-mail.server";
import {
  announceCandidates,
  announcementsProgress,
  getAnnouncement,
  lastAnnouncedAt,
  publishedByIds,
  storeAnnouncement,
  type AnnouncementProgress,
} from "~/mailing-list/announcement-queries.server";
import type { AnnouncedArtwork, AnnouncedEvent, Preferences } from "~/mailing-list/schema";
import { subscriberCounts } from "~/mailing-list/subscribers.server";
import { formatNumber } from "~/ui/numbers";

/** A queue message: the recipients numbered `from`…`to` of one announcement (never the rows themselves). */
export type AnnouncementPart = { announcementId: string; from: number; to: number };

/** Queues.sendBatch takes at most 100 messages a call. */
const MESSAGES_PER_SEND = 100;

/** Before the first announcement, what is this new is prefilled. */
const FIRST_SINCE_DAYS = 30;

/** A subscriber who hears about everything: the preview and the test show the whole announcement. */
const EVERYTHING: Preferences = { newWork: true, categories: [], events: true };

/** The e-mail shows a medium copy when one was made: sharp on a phone, a fraction of the original's bytes. */
function emailImage(stored: string | null | undefined, copies: CopiesByImage): string | null {
  if (!stored) return null;
  return copies[stored]?.medium?.key ?? displayOf(stored, copies);
}

export function announcedArtwork(artwork: Artwork): AnnouncedArtwork {
  const card = artworkDashboardCard(artwork);
  return {
    id: artwork.id,
    title: artwork.title,
    path: artworkPath(artwork.id),
    image: emailImage(artwork.imageUrls[0], artwork.imageCopies),
    detail: [artwork.medium, artwork.size, card.price].filter(Boolean).join(" · "),
    categories: card.categories,
  };
}

export function announcedEvent(event: Event): AnnouncedEvent {
  return {
    id: event.id,
    name: event.name,
    path: `/events#event-${encodeURIComponent(event.id)}`,
    image: event.image ? emailImage(event.image, { [event.image]: event.imageCopies ?? {} }) : null,
    detail: [formatEventDate(event.date), event.location].filter(Boolean).join(" · "),
  };
}

export type Candidate = { id: string; title: string; image: string | null; detail: string; isNew: boolean };

/** What the screen shows: the candidates (the new ones ticked), the list's size, the latest announcements. */
export async function announcePage(database: Database, now = new Date()) {
  const today = todayIn(undefined, now);
  const [since, candidates, counts, sent] = await Promise.all([
    lastAnnouncedAt(database),
    announceCandidates(database, today),
    subscriberCounts(database),
    announcementsProgress(database, 5),
  ]);
  const cutoff = since ?? new Date(now.getTime() - FIRST_SINCE_DAYS * 86_400_000).toISOString();
  // New: first shown to visitors since then (one seeded or imported without that time: made since then).
  const candidate = (
    shown: Omit<Candidate, "title" | "isNew">,
    title: string,
    row: { publishedAt: string | null; createdAt: string },
  ): Candidate => ({
    id: shown.id,
    title,
    image: shown.image,
    detail: shown.detail,
    isNew: (row.publishedAt ?? row.createdAt) > cutoff,
  });
  const artworks = candidates.artworks.map((each) => candidate(announcedArtwork(each), each.title, each));
  const events = candidates.events.map((each) => candidate(announcedEvent(each), each.name, each));
  return { since, artworks, events, confirmed: counts.confirmed, announcements: sent, formId: newId() };
}

export type AnnouncePageData = Awaited<ReturnType<typeof announcePage>>;

/** The line the preview shows before one is written. */
const LINE_PLACEHOLDER = "Your line appears here.";

/** What the outcome of the last button says, carried in the address after a redirect. */
function noticeOf(query: URLSearchParams, testAddress: string): string | null {
  const queued = query.get("queued");
  if (queued === "already") return "That announcement was sent already: how far it has gone is below.";
  if (queued !== null && /^\d+$/.test(queued)) {
    const n = Number(queued);
    return n === 0
      ? "Sent to nobody: no confirmed subscriber asked for what it holds."
      : `Queued for ${formatNumber(n)} ${n === 1 ? "subscriber" : "subscribers"}: it goes out over the next minutes, and how far it has gone is below.`;
  }
  const tested = query.get("tested");
  if (tested === "sent") return `A test went to ${testAddress}.`;
  if (tested === "logged") return "The test was written to the log: no mail key is set (MAILCHANNELS_API_KEY).";
  return null;
}

/**
 * The whole Announce screen for `query`: the form as the last Preview or test left it (or, on arrival, with
 * what is new ticked and a fresh form id), the preview of that, and the last button's outcome.
 */
export async function announceScreen(
  env: Pick<AppEnv, "SITE_URL" | "SESSION_SECRET" | "CONTACT_RECIPIENT">,
  database: Database,
  query: URLSearchParams,
) {
  const page = await announcePage(database);
  const asked = query.has("line");
  const keptId = query.get("id") ?? "";
  const selection = {
    id: asked && /^[0-9A-Za-z]{20}$/.test(keptId) ? keptId : page.formId,
    line: asked ? (query.get("line") ?? "").slice(0, ANNOUNCE_LINE_MAX) : "",
    artworks: asked
      ? query.getAll("artworks").slice(0, ANNOUNCE_ITEMS_MAX)
      : page.artworks.filter((each) => each.isNew).map((each) => each.id),
    events: asked
      ? query.getAll("events").slice(0, ANNOUNCE_ITEMS_MAX)
      : page.events.filter((each) => each.isNew).map((each) => each.id),
  };
  const preview = await previewAnnouncement(env, database, {
    ...selection,
    line: selection.line.trim() || LINE_PLACEHOLDER,
  });
  return {
    ...page,
    selection,
    preview,
    testAddress: env.CONTACT_RECIPIENT,
    notice: noticeOf(query, env.CONTACT_RECIPIENT),
  };
}

/** Where the form comes back after a test, as it was sent (without JavaScript too), with the outcome. */
export function testedPath(input: AnnounceInput, status: "sent" | "logged"): string {
  const query = new URLSearchParams({ id: input.id, line: input.line, tested: status });
  for (const id of input.artworks) query.append("artworks", id);
  for (const id of input.events) query.append("events", id);
  return `${ANNOUNCE_PATH}?${query}`;
}

/** Where Send goes: the screen, saying how many it was queued for. */
export const queuedPath = (outcome: Exclude<SendOutcome, { outcome: "nothing" }>) =>
  `${ANNOUNCE_PATH}?queued=${outcome.outcome === "already" ? "already" : outcome.recipients}`;
export type { AnnouncementProgress };

/** The chosen artworks and events as the e-mail shows them: only published ones, events still to come. */
async function chosen(
  database: Database,
  input: Pick<AnnounceInput, "artworks" | "events">,
  options?: { unannounced: boolean },
) {
  const found = await publishedByIds(database, input, todayIn(), options);
  return { artworks: found.artworks.map(announcedArtwork), events: found.events.map(announcedEvent) };
}

/** Someone who hears about everything reads this: the data behind the preview and the test. */
async function sampleData(
  env: Pick<AppEnv, "SITE_URL" | "SESSION_SECRET">,
  database: Database,
  input: Pick<AnnounceInput, "line" | "artworks" | "events">,
): Promise<{ data: AnnouncementData; token: string } | null> {
  const picked = await chosen(database, input);
  // A test's links name no subscriber: its preferences page says the address is not on the list.
  const token = await manageToken(env.SESSION_SECRET, "test");
  const data = announcementData(env, { line: input.line, ...picked }, EVERYTHING, token);
  return data ? { data, token } : null;
}

/** The e-mail's HTML as a phone shows it, for the screen's preview; null when nothing chosen is publishable. */
export async function previewAnnouncement(
  env: Pick<AppEnv, "SITE_URL" | "SESSION_SECRET">,
  database: Database,
  input: Pick<AnnounceInput, "line" | "artworks" | "events">,
): Promise<string | null> {
  const sample = await sampleData(env, database, input);
  // Its links open a tab of their own: the site's pages refuse to be shown in a frame.
  return sample ? renderAnnouncementHtml(sample.data).replace("<head>", '<head><base target="_blank">') : null;
}

/** Sends the announcement to the artist alone (CONTACT_RECIPIENT), now, through the same template. */
export async function sendTestAnnouncement(
  env: AppEnv,
  database: Database,
  input: AnnounceInput,
): Promise<DeliveryOutcome | null> {
  const sample = await sampleData(env, database, input);
  if (!sample) return null;
  let sent: DeliveryOutcome = { status: "logged" };
  await attemptDelivery(
    { env, database },
    "a test of an announcement",
    null,
    () => announcementEmail(env, [{ email: env.CONTACT_RECIPIENT, data: sample.data, manageToken: sample.token }]),
    async (outcome) => {
      sent = outcome;
    },
  );
  return sent;
}

export type SendOutcome =
  { outcome: "queued"; id: string; recipients: number } | { outcome: "already"; id: string } | { outcome: "nothing" };

/**
 * Send: stores the announcement with its recipients (one D1 batch) and queues them in parts of
 * ANNOUNCE_PART_SIZE, without reading a recipient. Sent twice with one form id, the second does nothing. A
 * queue that fails here leaves the recipients queued in D1, for the Cron Trigger to queue again.
 */
export async function sendAnnouncement(
  env: Pick<AppEnv, "ANNOUNCE_PART_SIZE">,
  database: Database,
  queue: Queue<AnnouncementPart>,
  input: AnnounceInput,
): Promise<SendOutcome> {
  // Pressed twice: the first press's announcement stands.
  if (await getAnnouncement(database, input.id)) return { outcome: "already", id: input.id };
  // Only what no announcement has shown: a Send from a second tab announces nothing twice.
  const picked = await chosen(database, input, { unannounced: true });
  if (picked.artworks.length + picked.events.length === 0) {
    // The other press may have stored it meanwhile, announcing these.
    return (await getAnnouncement(database, input.id)) ? { outcome: "already", id: input.id } : { outcome: "nothing" };
  }
  const recipients = await storeAnnouncement(database, { id: input.id, line: input.line, ...picked });
  if (recipients === null) return { outcome: "already", id: input.id };
  try {
    await queueParts(queue, input.id, 1, recipients, env.ANNOUNCE_PART_SIZE);
  } catch (error) {
    console.error(`[mailing list] queueing announcement ${input.id} failed; the Cron Trigger queues it again:`, error);
  }
  return { outcome: "queued", id: input.id, recipients };
}

/** Queues the recipients numbered `from`…`to` of an announcement, `size` to a message, 100 messages a call. */
export async function queueParts(
  queue: Queue<AnnouncementPart>,
  announcementId: string,
  from: number,
  to: number,
  size: number,
): Promise<number> {
  const parts: MessageSendRequest<AnnouncementPart>[] = [];
  for (let first = from; first <= to; first += size) {
    parts.push({ body: { announcementId, from: first, to: Math.min(first + size - 1, to) }, contentType: "json" });
  }
  for (let start = 0; start < parts.length; start += MESSAGES_PER_SEND) {
    await queue.sendBatch(parts.slice(start, start + MESSAGES_PER_SEND));
  }
  return parts.length;
}

/** The dashboard shows the latest announcement while it sends and for this long after. */
const ON_DASHBOARD_MS = 3 * 86_400_000;

/** The latest announcement, for the dashboard's line, while it sends and for a few days after; else null. */
export async function dashboardAnnouncement(
  database: Database,
  now = Date.now(),
): Promise<AnnouncementProgress | null> {
  const [latest] = await announcementsProgress(database, 1);
  if (!latest) return null;
  return latest.waiting > 0 || now - Date.parse(latest.createdAt) < ON_DASHBOARD_MS ? latest : null;
}
