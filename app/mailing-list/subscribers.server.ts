// The artist's side of the list: how many are confirmed, waiting or gone, the addresses (searchable), the
// CSV export, and deleting an address on its owner's request (forgotten, not marked as left).
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { csvText } from "~/ui/csv";
import { announcementRecipients, subscribers, type Subscriber, type SubscriberStatus } from "~/mailing-list/schema";

/** At most this many addresses on the screen; the search finds the others. */
export const SUBSCRIBERS_SHOWN = 200;

export type SubscriberCounts = Record<SubscriberStatus, number>;

export type SubscriberRow = Pick<
  Subscriber,
  "id" | "email" | "status" | "newWork" | "categories" | "events" | "source" | "createdAt" | "consent" | "leftAt"
>;

const row = {
  id: subscribers.id,
  email: subscribers.email,
  status: subscribers.status,
  newWork: subscribers.newWork,
  categories: subscribers.categories,
  events: subscribers.events,
  source: subscribers.source,
  createdAt: subscribers.createdAt,
  consent: subscribers.consent,
  leftAt: subscribers.leftAt,
};

/** How many addresses are in each state. */
function countedByState(database: Database) {
  return database.select({ status: subscribers.status, n: count() }).from(subscribers).groupBy(subscribers.status);
}

function tally(counted: { status: SubscriberStatus; n: number }[]): SubscriberCounts {
  const counts: SubscriberCounts = { pending: 0, confirmed: 0, left: 0 };
  for (const { status, n } of counted) counts[status] = n;
  return counts;
}

/** The counts by state alone, for a screen that shows the list's size but not its addresses. */
export async function subscriberCounts(database: Database): Promise<SubscriberCounts> {
  return tally(await countedByState(database));
}

/** The counts by state and the addresses holding `query`, the newest first: one round trip. */
export async function subscribersPage(database: Database, query: string) {
  const needle = `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [counted, listed] = await database.batch([
    countedByState(database),
    database
      .select(row)
      .from(subscribers)
      .where(query.trim() ? sql`${subscribers.email} like ${needle} escape '\\'` : undefined)
      .orderBy(desc(subscribers.createdAt), asc(subscribers.email))
      .limit(SUBSCRIBERS_SHOWN),
  ]);
  return { counts: tally(counted), subscribers: listed as SubscriberRow[] };
}

/** Forgets an address on its owner's request, with its place in every announcement; false when it was not there. */
export async function deleteSubscriber(database: Database, id: string): Promise<boolean> {
  const [deleted] = await database.batch([
    database.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id }),
    database.delete(announcementRecipients).where(eq(announcementRecipients.subscriberId, id)),
  ]);
  return deleted.length > 0;
}

/** Every address with its state, preferences and consent, as CSV (RFC 4180). */
export async function subscribersCsv(database: Database): Promise<string> {
  const rows = (await database
    .select(row)
    .from(subscribers)
    .orderBy(asc(subscribers.createdAt), asc(subscribers.email))) as SubscriberRow[];
  const header = ["Email", "State", "New work", "Kinds of work", "Events", "Given on", "Since", "Consent", "Left"];
  return csvText([
    header,
    ...rows.map((each) => [
      each.email,
      each.status,
      each.newWork ? "yes" : "no",
      each.categories.join("; "),
      each.events ? "yes" : "no",
      each.source,
      each.createdAt.slice(0, 10),
      each.consent ? `${each.consent.at.slice(0, 16).replace("T", " ")} UTC: ${each.consent.wording}` : "",
      each.leftAt?.slice(0, 10) ?? "",
    ]),
  ]);
}
