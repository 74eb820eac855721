// Visitors' messages in D1: stored within the hourly cap, listed for the Inbox, claimed for one delivery
// attempt and its outcome recorded. The store never sends e-mail; app/messages/deliver.server.ts reads from
// here, has the mailer send, and writes the outcome back here.
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { storeWithinHourlyCap, type Hold } from "~/platform/hourly-cap.server";
import { messages, type Message, type NewMessage } from "~/messages/schema";
import { newId } from "~/platform/id";
import { repliesTo, type Reply } from "~/messages/replies.server";
import { claimable, claimed, retryable, type DeliveryOutcome } from "~/messages/outbox.server";
import { INBOX_VIEWS, type InboxView } from "~/messages/views";
import { pageWindow, paging, type Paging } from "~/platform/paging";

export type { Message };

/**
 * What a visitor is told when even the day's HELD_PER_DAY held messages are reached. The caps stand
 * beyond the per-address limit, since one sender rotating addresses would otherwise flood the Inbox.
 */
export const SITE_BUSY_WITH_MESSAGES =
  "A great many messages have reached the artist in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.";

/** A message past the hour's cap is stored with status `held`; an ordinary one as `pending`. */
const MESSAGE_HOLD: Hold<Message["status"]> = { column: messages.status, held: "held", open: "pending" };

export type StoredMessage = { message: Message; held: boolean; thisHour: number };

/**
 * Stores an enquiry or contact message, before any attempt to e-mail it: pending while this hour's
 * MESSAGES_PER_HOUR (enquiries and contact messages together) is not reached, else held for the
 * artist, until HELD_PER_DAY held ones (null then: nothing stored). Says how many ordinary messages
 * this hour holds, which decides between its own e-mail and a digest.
 */
export async function storeMessageWithinCap(
  database: Database,
  caps: Pick<AppEnv, "MESSAGES_PER_HOUR" | "HELD_PER_DAY">,
  input: Omit<NewMessage, "id" | "status"> & { id?: string },
  now = Date.now(),
  /** Held for the artist whatever the hour holds (a commission request past the photos' daily caps). */
  holdAnyway = false,
): Promise<StoredMessage | null> {
  const stored = await storeWithinHourlyCap<Message>(
    database,
    messages,
    MESSAGE_HOLD,
    { perHour: caps.MESSAGES_PER_HOUR, heldPerDay: caps.HELD_PER_DAY, holdAnyway },
    { ...input, id: input.id ?? newId() },
    now,
  );
  return stored && { message: stored.row, held: stored.held, thisHour: stored.thisHour };
}

export type { InboxView };

const received = ne(messages.status, "held");
const VIEW_WHERE: Record<InboxView, SQL> = {
  received,
  new: and(received, isNull(messages.handledAt))!,
  handled: and(received, isNotNull(messages.handledAt))!,
  failed: eq(messages.status, "failed"),
  held: eq(messages.status, "held"),
};

/** One page of one Inbox list, newest first, the replies to its messages, and how many messages each list has. */
export async function messagesPage(
  database: Database,
  view: InboxView,
  page: number,
): Promise<{ rows: Message[]; replies: Reply[]; paging: Paging; counts: Record<InboxView, number> }> {
  const { limit, offset } = pageWindow(page);
  const onPage = <T extends SQLiteSelect>(query: T) =>
    query.where(VIEW_WHERE[view]).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset);
  const [rows, [totals], replies] = await database.batch([
    onPage(database.select().from(messages).$dynamic()),
    database
      .select(
        Object.fromEntries(
          // Named, since two lists' sums read alike (status = ?) and would share a column name.
          INBOX_VIEWS.map((name) => [name, sql<number>`coalesce(sum(${VIEW_WHERE[name]}), 0)`.as(`${name}_count`)]),
        ) as Record<InboxView, SQL.Aliased<number>>,
      )
      .from(messages),
    repliesTo(database, onPage(database.select({ id: messages.id }).from(messages).$dynamic())),
  ]);
  const counts = Object.fromEntries(INBOX_VIEWS.map((name) => [name, Number(totals?.[name] ?? 0)])) as Record<
    InboxView,
    number
  >;
  return { rows, replies, paging: paging(page, counts[view]), counts };
}

/** New messages (received, not yet handled) and held ones: the dashboard's Inbox button. */
export async function countInbox(database: Database): Promise<{ new: number; held: number }> {
  const [row] = await database
    .select({
      new: sql<number>`coalesce(sum(${VIEW_WHERE.new}), 0)`.as("new_count"),
      held: sql<number>`coalesce(sum(${VIEW_WHERE.held}), 0)`.as("held_count"),
    })
    .from(messages);
  return { new: row?.new ?? 0, held: row?.held ?? 0 };
}

/** A held message becomes an ordinary one, to be sent now; false when it is not held (any more). */
export async function releaseHeldMessage(database: Database, id: string): Promise<boolean> {
  const rows = await database
    .update(messages)
    .set({ status: "pending" })
    .where(and(eq(messages.id, id), eq(messages.status, "held")))
    .returning({ id: messages.id });
  return rows.length > 0;
}

// A commission request is deleted with its photos and its place in the pipeline, from its own page
// (app/commissions/requests.server.ts), never by the Inbox's deletes below.
const notCommission = ne(messages.kind, "commission");

/** Deletes a message (its replies go with it), unless it is a commission request; whether one was deleted. */
export async function deleteMessage(database: Database, id: string): Promise<boolean> {
  const rows = await database
    .delete(messages)
    .where(and(eq(messages.id, id), notCommission))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** The statement deleting a commission request's message, for the batch that deletes the rest of it. */
export const deleteCommissionMessage = (database: Database, id: string) =>
  database.delete(messages).where(and(eq(messages.id, id), eq(messages.kind, "commission")));

/** Deletes every message the artist has marked handled (the Inbox cleared out), commission requests aside; how many. */
export async function deleteHandledMessages(database: Database): Promise<number> {
  const result = await database.delete(messages).where(and(VIEW_WHERE.handled, notCommission));
  return result.meta.changes;
}

/** Deletes every held message (a flood cleared away), commission requests aside; how many. */
export async function deleteHeldMessages(database: Database): Promise<number> {
  const result = await database.delete(messages).where(and(eq(messages.status, "held"), notCommission));
  return result.meta.changes;
}

export async function getMessage(database: Database, id: string): Promise<Message | undefined> {
  return database.select().from(messages).where(eq(messages.id, id)).get();
}

/**
 * Takes a message for one delivery attempt: pending or failed (or an attempt cut off long ago) becomes
 * `sending` with one more attempt, in one conditional statement, so a manual Retry and the scheduled
 * retry can never both send it. Undefined when it is not deliverable (sent, logged, or being sent).
 */
export async function claimForDelivery(database: Database, id: string, now = new Date()): Promise<Message | undefined> {
  const [row] = await database
    .update(messages)
    .set(claimed(messages, now))
    .where(claimable(messages, id, now))
    .returning();
  return row;
}

/**
 * Records how an attempt ended, for one message or a digest's. A digest that failed goes back to
 * `digest` for the next one, unless its messages have had `maxAttempts`: then they are `failed`, for the
 * Inbox's Retry.
 */
export async function recordDelivery(
  database: Database,
  ids: string[],
  outcome: DeliveryOutcome | { status: "digest"; error: string; maxAttempts: number },
): Promise<void> {
  const status =
    outcome.status === "digest"
      ? sql<Message["status"]>`case when ${messages.attempts} >= ${outcome.maxAttempts} then 'failed' else 'digest' end`
      : outcome.status;
  await database
    .update(messages)
    .set({ status, lastError: "error" in outcome ? outcome.error.slice(0, 500) : null })
    .where(inArray(messages.id, ids));
}

/** A message that arrived during a flood waits for the next digest instead of its own e-mail. */
export async function waitForDigest(database: Database, id: string): Promise<void> {
  await database
    .update(messages)
    .set({ status: "digest" })
    .where(and(eq(messages.id, id), eq(messages.status, "pending")));
}

/**
 * Takes the oldest messages of one kind waiting for a digest (at most `limit`): `digest` becomes `sending`
 * with one more attempt in one conditional statement, so two scheduled runs never send one twice.
 */
export async function claimForDigest(
  database: Database,
  kind: Message["kind"],
  { now = new Date(), limit }: { now?: Date; limit: number },
): Promise<Message[]> {
  const oldest = database
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, "digest"), eq(messages.kind, kind)))
    .orderBy(messages.createdAt, messages.id)
    .limit(limit);
  const rows = await database
    .update(messages)
    .set(claimed(messages, now))
    .where(and(eq(messages.status, "digest"), inArray(messages.id, oldest)))
    .returning();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Ids of the messages the scheduled retry should try again (`retryable`), oldest first. */
export async function listUndelivered(database: Database, window: Parameters<typeof retryable>[1]): Promise<string[]> {
  const rows = await database
    .select({ id: messages.id })
    .from(messages)
    .where(retryable(messages, window))
    .orderBy(messages.createdAt);
  return rows.map((row) => row.id);
}

/** Marks a message as dealt with by the artist (or not); false when there is no such message. */
export async function setMessageHandled(database: Database, id: string, handled: boolean): Promise<boolean> {
  const rows = await database
    .update(messages)
    .set({ handledAt: handled ? new Date().toISOString() : null })
    .where(eq(messages.id, id))
    .returning({ id: messages.id });
  return rows.length > 0;
}
