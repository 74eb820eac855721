import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, type Event, type NewEvent } from "~/db/schema";
import { overwriteWithExcluded } from "~/db/upsert.server";
import { sortEvents, todayIn } from "~/lib/dates";

export type { Event };

/** All events in display order: upcoming soonest first, then today's and past ones most recent first. */
export async function listEvents(database: Database, today: string = todayIn()): Promise<Event[]> {
  const rows = await database.select().from(events).orderBy(asc(events.date));
  return sortEvents(rows, today);
}

export async function getEvent(database: Database, id: string): Promise<Event | undefined> {
  return database.select().from(events).where(eq(events.id, id)).get();
}

export async function upsertEvents(database: Database, rows: NewEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await database
    .insert(events)
    .values(rows)
    .onConflictDoUpdate({ target: events.id, set: overwriteWithExcluded(events) });
}
