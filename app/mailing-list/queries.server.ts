// The mailing list in D1: an address asked for (pending), confirmed with its consent, its preferences changed,
// or left. Each change is one statement, so two requests at once leave the row in one state or the other.
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { insertWhere } from "~/platform/insert-where.server";
import { now as nowSql } from "~/platform/columns";
import type { PreferencesInput, SubscribeInput } from "~/mailing-list/form";
import { subscribers, type Consent, type Subscriber } from "~/mailing-list/schema";
import { CONFIRM_DAYS, type ConfirmLink } from "~/mailing-list/links.server";

const HOUR_MS = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Records a subscribe request. A new address, or one that left, becomes pending with a confirmation owed;
 * a pending one takes the preferences typed (its confirm link stays the one sent). A confirmed address
 * changes nothing: what the form says must not reveal, or change, another person's subscription. Past
 * `pendingPerDay` new addresses waiting in 24 hours, nothing is stored ("busy").
 */
export async function requestSubscription(
  database: Database,
  input: SubscribeInput,
  pendingPerDay: number,
  now = Date.now(),
): Promise<{ outcome: "pending"; subscriber: Subscriber } | { outcome: "confirmed" | "busy" }> {
  const at = iso(now);
  const email = input.email.toLowerCase();
  const preferences = { newWork: input.newWork, categories: input.categories, events: input.events };
  const waiting = sql`(select count(*) from ${subscribers} where ${subscribers.status} = 'pending' and ${subscribers.createdAt} > ${iso(now - 24 * HOUR_MS)})`;
  const [row] = await insertWhere(
    database,
    subscribers,
    { id: newId(), email, ...preferences, source: input.source, requestedAt: at },
    sql`${waiting} < ${pendingPerDay}`,
  )
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        newWork: preferences.newWork,
        categories: preferences.categories,
        events: preferences.events,
        source: input.source,
        // A new request after leaving: its own link; the old ones confirm nothing.
        requestedAt: sql`case when ${subscribers.status} = 'left' then ${at} else ${subscribers.requestedAt} end`,
        status: "pending",
        confirmationDue: true,
        updatedAt: nowSql,
      },
      setWhere: ne(subscribers.status, "confirmed"),
    })
    .returning();
  if (row) return { outcome: "pending", subscriber: row };
  const [listed] = await database
    .select({ status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.email, email));
  return { outcome: listed?.status === "confirmed" ? "confirmed" : "busy" };
}

/** The site's hourly cap on confirmation e-mails, past which they wait for the cron. */
export type ConfirmationCaps = { perHour: number };

const sentSince = (since: number) =>
  sql`(select count(*) from ${subscribers} where ${subscribers.confirmationSentAt} > ${iso(since)})`;

/** A pending address owed a confirmation that has had none in the last day. */
const owed = (now: number) =>
  and(
    eq(subscribers.status, "pending"),
    eq(subscribers.confirmationDue, true),
    or(isNull(subscribers.confirmationSentAt), lt(subscribers.confirmationSentAt, iso(now - 24 * HOUR_MS))),
  );

/**
 * Claims the confirmation owed to `id` for sending now, within the site's hourly cap and one a day to an
 * address; undefined when none may go now (it stays owed, for the cron, unless one went today).
 */
export async function claimConfirmation(
  database: Database,
  id: string,
  caps: ConfirmationCaps,
  now = Date.now(),
): Promise<Subscriber | undefined> {
  const [row] = await database
    .update(subscribers)
    .set({ confirmationDue: false, confirmationSentAt: iso(now) })
    .where(and(eq(subscribers.id, id), owed(now), sql`${sentSince(now - HOUR_MS)} < ${caps.perHour}`))
    .returning();
  return row;
}

/** Claims the confirmations held past the hourly cap that may go now, the oldest requests first. */
export async function claimHeldConfirmations(
  database: Database,
  caps: ConfirmationCaps,
  now = Date.now(),
): Promise<Subscriber[]> {
  const [{ sent = 0 } = {}] = await database
    .select({ sent: sql<number>`count(*)` })
    .from(subscribers)
    .where(sql`${subscribers.confirmationSentAt} > ${iso(now - HOUR_MS)}`);
  const room = caps.perHour - sent;
  if (room <= 0) return [];
  const due = database
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(owed(now))
    .orderBy(subscribers.requestedAt)
    .limit(room);
  return database
    .update(subscribers)
    .set({ confirmationDue: false, confirmationSentAt: iso(now) })
    .where(and(inArray(subscribers.id, due), owed(now)))
    .returning();
}

/** A confirmation that could not be sent is owed again (the cron tries it), as if it had never gone. */
export async function confirmationFailed(database: Database, subscriber: Subscriber): Promise<void> {
  await database
    .update(subscribers)
    .set({ confirmationDue: true, confirmationSentAt: null })
    .where(
      and(eq(subscribers.id, subscriber.id), eq(subscribers.confirmationSentAt, subscriber.confirmationSentAt ?? "")),
    );
}

export async function getSubscriber(database: Database, id: string): Promise<Subscriber | undefined> {
  return database.select().from(subscribers).where(eq(subscribers.id, id)).get();
}

/**
 * Confirms the request a confirm link names, recording the consent: its time, the wording the page showed
 * and the preferences then. "confirmed" once (and again for the same link, pressed twice); "stale" when the
 * link names an older request, or an address that left or was deleted since.
 */
export async function confirmSubscription(
  database: Database,
  link: ConfirmLink,
  wording: string,
  now = Date.now(),
): Promise<"confirmed" | "stale"> {
  const subscriber = await getSubscriber(database, link.id);
  if (!subscriber || subscriber.requestedAt !== link.requestedAt || subscriber.status === "left") return "stale";
  if (subscriber.status === "confirmed") return "confirmed";
  const consent: Consent = {
    at: iso(now),
    wording,
    preferences: { newWork: subscriber.newWork, categories: subscriber.categories, events: subscriber.events },
  };
  const [confirmed] = await database
    .update(subscribers)
    .set({ status: "confirmed", consent, confirmationDue: false, updatedAt: nowSql })
    .where(
      and(eq(subscribers.id, link.id), eq(subscribers.requestedAt, link.requestedAt), ne(subscribers.status, "left")),
    )
    .returning({ id: subscribers.id });
  return confirmed ? "confirmed" : "stale";
}

/** Saves what a listed address hears about; false when it is no longer listed (left, or deleted). */
export async function savePreferences(database: Database, id: string, preferences: PreferencesInput): Promise<boolean> {
  const saved = await database
    .update(subscribers)
    .set({ ...preferences, updatedAt: nowSql })
    .where(and(eq(subscribers.id, id), ne(subscribers.status, "left")))
    .returning({ id: subscribers.id });
  return saved.length > 0;
}

/** Takes an address off the list: never mailed again unless its owner subscribes and confirms anew. */
export async function leaveList(database: Database, id: string, now = Date.now()): Promise<void> {
  await database
    .update(subscribers)
    .set({ status: "left", leftAt: iso(now), confirmationDue: false, updatedAt: nowSql })
    .where(and(eq(subscribers.id, id), ne(subscribers.status, "left")));
}

/**
 * Forgets requests never confirmed once their links have expired: a stranger's address given by someone
 * else is not kept. An address that had left before it was given again goes back to having left.
 */
export async function forgetUnconfirmed(database: Database, now = Date.now()): Promise<void> {
  const expired = and(
    eq(subscribers.status, "pending"),
    lt(subscribers.requestedAt, iso(now - (CONFIRM_DAYS + 1) * 24 * HOUR_MS)),
  );
  await database.batch([
    database.delete(subscribers).where(and(expired, isNull(subscribers.consent))),
    database
      .update(subscribers)
      .set({ status: "left", confirmationDue: false, updatedAt: nowSql })
      .where(and(expired, sql`${subscribers.consent} is not null`)),
  ]);
}
