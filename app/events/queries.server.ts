import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { events, type Event, type NewEvent } from "~/events/schema";
import { artworks } from "~/artworks/schema";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import { todayIn } from "~/ui/dates";
import { newId } from "~/platform/id";
import { pageWindow, paging, type Paging } from "~/platform/paging";
import type { EventInput } from "~/events/form";
import type { PublicCache } from "~/public-cache/purge.server";
import { ARTWORKS_TAG, EVENTS_TAG } from "~/public-cache/tags";

export type { Event };

/**
 * Events in display order: upcoming soonest first, then today's and past ones most recent first; the
 * database orders and limits, so the home page reads three rows however many events there are. Drafts
 * only with `drafts` (the dashboard). The query, awaited or run in a batch with a page's other queries.
 */
export function listEvents(
  database: Database,
  today: string = todayIn(),
  options: { limit?: number; offset?: number; drafts?: boolean } = {},
) {
  const upcoming = sql`${events.date} > ${today}`;
  const query = database
    .select()
    .from(events)
    .where(options.drafts ? undefined : eq(events.draft, false))
    .orderBy(
      sql`case when ${upcoming} then 0 else 1 end`,
      sql`case when ${upcoming} then ${events.date} end asc`,
      desc(events.date),
      asc(events.id),
    );
  if (!options.limit) return query;
  return options.offset ? query.limit(options.limit).offset(options.offset) : query.limit(options.limit);
}

/** One page of events in display order, for the dashboard, and how many there are in all. */
export async function eventsPage(
  database: Database,
  page: number,
  today: string,
): Promise<{ rows: Event[]; paging: Paging }> {
  const [rows, [totals]] = await Promise.all([
    listEvents(database, today, { ...pageWindow(page), drafts: true }),
    database.select({ total: count() }).from(events),
  ]);
  return { rows, paging: paging(page, totals?.total ?? 0) };
}

// D1 binds at most 100 parameters per statement.
const IDS_PER_STATEMENT = 90;

/** The names of the events with these ids (ids with no event are left out), a few rows however many events exist. */
export async function eventNamesByIds(database: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let at = 0; at < unique.length; at += IDS_PER_STATEMENT) chunks.push(unique.slice(at, at + IDS_PER_STATEMENT));
  const rows = await Promise.all(
    chunks.map((chunk) =>
      database.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, chunk)),
    ),
  );
  return new Map(rows.flat().map((row) => [row.id, row.name]));
}

export async function getEvent(database: Database, id: string): Promise<Event | undefined> {
  return database.select().from(events).where(eq(events.id, id)).get();
}

export async function upsertEvents(database: Database, rows: NewEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await database
    .insert(events)
    .values(rows)
    // The artist's own choice (draft) survives seeding again.
    .onConflictDoUpdate({ target: events.id, set: overwriteWithExcluded(events, ["id", "draft"]) });
}

/** Creates an event, purges the pages listing events, and returns its id. */
export async function createEvent(database: Database, publicCache: PublicCache, input: EventInput): Promise<string> {
  const id = newId();
  await database.insert(events).values({ id, ...input });
  await publicCache.purge([EVENTS_TAG]);
  return id;
}

/** Updates an event and purges the pages listing events; false when it does not exist. */
export async function updateEvent(
  database: Database,
  publicCache: PublicCache,
  id: string,
  input: EventInput,
): Promise<boolean> {
  const rows = await database
    .update(events)
    .set({ ...input, updatedAt: new Date().toISOString() })
    .where(eq(events.id, id))
    .returning({ id: events.id });
  if (rows.length === 0) return false;
  await publicCache.purge([EVENTS_TAG]);
  return true;
}

/**
 * Deletes an event and takes it out of every artwork's `events` list (which holds event ids or, in older
 * artworks, event names), in one transaction. The lists are filtered inside the UPDATE, not read first and
 * written back, so an edit saved meanwhile keeps its own changes to an artwork's events. Purges the pages
 * listing events, and those listing artworks (the sitemap dates each artwork's last change).
 */
export async function deleteEvent(database: Database, publicCache: PublicCache, id: string): Promise<boolean> {
  const event = await getEvent(database, id);
  if (!event) return false;
  const listed = sql`value in (${event.id}, ${event.name})`;
  await database.batch([
    database.delete(events).where(eq(events.id, id)),
    database
      .update(artworks)
      .set({
        events: sql`(select json_group_array(value) from (select value from json_each(${artworks.events}) where not ${listed} order by key))`,
        updatedAt: new Date().toISOString(),
      })
      .where(sql`exists (select 1 from json_each(${artworks.events}) where ${listed})`),
  ]);
  await publicCache.purge([EVENTS_TAG, ARTWORKS_TAG]);
  return true;
}
