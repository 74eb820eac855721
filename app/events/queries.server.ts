import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { now } from "~/platform/columns";
import type { Database } from "~/platform/db.server";
import { events, type Event, type NewEvent } from "~/events/schema";
import { artworks } from "~/artworks/schema";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import { todayIn } from "~/ui/dates";
import { CARDS_PER_PAGE, pageWindow, paging, type Paging } from "~/platform/paging";
import type { EventInput } from "~/events/form";
import type { ImageCopies } from "~/images/references";

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

/**
 * One page of events in display order for the dashboard (cards, 12 a page as artworks are), how many
 * there are in all, and how many are to come.
 */
export async function eventsPage(
  database: Database,
  page: number,
  today: string,
): Promise<{ rows: Event[]; paging: Paging; upcoming: number }> {
  const [rows, [totals]] = await Promise.all([
    listEvents(database, today, { ...pageWindow(page, CARDS_PER_PAGE), drafts: true }),
    database.select({ total: count(), upcoming: sql<number | null>`sum(${events.date} > ${today})` }).from(events),
  ]);
  return { rows, paging: paging(page, totals?.total ?? 0, CARDS_PER_PAGE), upcoming: totals?.upcoming ?? 0 };
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
    .onConflictDoUpdate({ target: events.id, set: overwriteWithExcluded(events, ["id", "draft", "publishedAt"]) });
}

/** An event's image as the form leaves it: a new one (its key and copies), none, or left out to keep it. */
export type EventImage = { image: string | null; imageCopies: ImageCopies | null };

/** Stores event `id`; false when it exists already (its create form was sent again): nothing changes. */
export async function insertEvent(
  database: Database,
  id: string,
  input: EventInput & Partial<EventImage>,
): Promise<boolean> {
  const inserted = await database
    .insert(events)
    .values({ id, ...input, publishedAt: input.draft ? null : now })
    .onConflictDoNothing({ target: events.id })
    .returning({ id: events.id });
  return inserted.length > 0;
}

/**
 * Saves an edit of `event` as it was read: "changed" when another save changed its image meanwhile (so
 * the image this edit replaces is not the one stored), "missing" when it is gone.
 */
export async function updateEventRow(
  database: Database,
  event: Pick<Event, "id" | "image">,
  input: EventInput & Partial<EventImage>,
): Promise<"saved" | "changed" | "missing"> {
  const rows = await database
    .update(events)
    .set({
      ...input,
      // The first time it was shown stays; saved not a draft for the first time, that is now.
      publishedAt: input.draft ? sql`${events.publishedAt}` : sql`coalesce(${events.publishedAt}, ${now})`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(events.id, event.id), event.image === null ? isNull(events.image) : eq(events.image, event.image)))
    .returning({ id: events.id });
  if (rows.length > 0) return "saved";
  return (await getEvent(database, event.id)) ? "changed" : "missing";
}

/**
 * Deletes an event and takes it out of every artwork's `events` list (which holds event ids or, in older
 * artworks, event names), in one transaction. The lists are filtered inside the UPDATE, not read first and
 * written back, so an edit saved meanwhile keeps its own changes to an artwork's events. The event as it
 * was, or undefined when there was none.
 */
export async function deleteEventRow(database: Database, id: string): Promise<Event | undefined> {
  const event = await getEvent(database, id);
  if (!event) return undefined;
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
  return event;
}
