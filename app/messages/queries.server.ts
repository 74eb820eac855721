import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { insertWithinHourlyCap } from "~/platform/hourly-cap.server";
import { messages, type Message, type NewMessage } from "~/messages/schema";
import { newId } from "~/platform/id";
import { pageWindow, paging, type Paging } from "~/platform/paging";

export type { Message };

/**
 * What a visitor is told when the hour's MESSAGES_PER_HOUR is reached. The cap stands beyond the
 * per-address limit, since one sender rotating addresses would otherwise flood the Inbox.
 */
export const SITE_BUSY_WITH_MESSAGES =
  "A great many messages have reached the artist in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.";

/**
 * Stores an enquiry or contact message as pending, before any attempt to e-mail it, unless this hour's
 * MESSAGES_PER_HOUR (enquiries and contact messages together) is already reached (null then). Says how
 * many messages this hour holds with it, which decides between its own e-mail and a digest.
 */
export async function storeMessageWithinCap(
  database: Database,
  caps: Pick<AppEnv, "MESSAGES_PER_HOUR">,
  input: Omit<NewMessage, "id" | "status">,
  now = Date.now(),
): Promise<{ message: Message; thisHour: number } | null> {
  const stored = await insertWithinHourlyCap<Message>(
    database,
    messages,
    caps.MESSAGES_PER_HOUR,
    database
      .insert(messages)
      .values({ ...input, id: newId(), status: "pending" })
      .returning(),
    now,
  );
  return stored && { message: stored.row, thisHour: stored.thisHour };
}

/** One page of the Inbox, newest first, and how many messages there are in all. */
export async function messagesPage(database: Database, page: number): Promise<{ rows: Message[]; paging: Paging }> {
  const { limit, offset } = pageWindow(page);
  const [rows, [totals]] = await Promise.all([
    database.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset),
    database.select({ total: count() }).from(messages),
  ]);
  return { rows, paging: paging(page, totals?.total ?? 0) };
}

/** Messages the artist has not marked handled: the count on the dashboard's Inbox button. */
export async function countUnhandledMessages(database: Database): Promise<number> {
  const [row] = await database.select({ n: count() }).from(messages).where(isNull(messages.handledAt));
  return row?.n ?? 0;
}

export async function getMessage(database: Database, id: string): Promise<Message | undefined> {
  return database.select().from(messages).where(eq(messages.id, id)).get();
}

/** An attempt that has not finished after this long was cut off (the Worker stopped): it may be tried again. */
export const STALE_ATTEMPT_MS = 10 * 60 * 1000;

const minus = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/**
 * Takes a message for one delivery attempt: pending or failed (or an attempt cut off long ago) becomes
 * `sending` with one more attempt, in one conditional statement, so a manual Retry and the scheduled
 * retry can never both send it. Undefined when it is not deliverable (sent, logged, or being sent).
 */
export async function claimForDelivery(database: Database, id: string, now = new Date()): Promise<Message | undefined> {
  const [row] = await database
    .update(messages)
    .set({ status: "sending", attempts: sql`${messages.attempts} + 1`, lastAttemptAt: now.toISOString() })
    .where(
      and(
        eq(messages.id, id),
        or(
          inArray(messages.status, ["pending", "failed"]),
          and(eq(messages.status, "sending"), lt(messages.lastAttemptAt, minus(now, STALE_ATTEMPT_MS))),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Records how an attempt ended, for one message or a digest's. A digest that failed goes back to
 * `held` for the next one, unless its messages have had `maxAttempts`: then they are `failed`, for the
 * Inbox's Retry.
 */
export async function recordDelivery(
  database: Database,
  ids: string[],
  outcome:
    | { status: "sent" | "logged" }
    | { status: "failed"; error: string }
    | { status: "held"; error: string; maxAttempts: number },
): Promise<void> {
  const status =
    outcome.status === "held"
      ? sql<Message["status"]>`case when ${messages.attempts} >= ${outcome.maxAttempts} then 'failed' else 'held' end`
      : outcome.status;
  await database
    .update(messages)
    .set({ status, lastError: "error" in outcome ? outcome.error.slice(0, 500) : null })
    .where(inArray(messages.id, ids));
}

/** A message that arrived during a flood waits for the next digest instead of its own e-mail. */
export async function holdForDigest(database: Database, id: string): Promise<void> {
  await database
    .update(messages)
    .set({ status: "held" })
    .where(and(eq(messages.id, id), eq(messages.status, "pending")));
}

/**
 * Takes the oldest held messages of one kind (at most `limit`) for one digest: `held` becomes `sending`
 * with one more attempt in one conditional statement, so two scheduled runs never send one twice.
 */
export async function claimHeld(
  database: Database,
  kind: Message["kind"],
  { now = new Date(), limit }: { now?: Date; limit: number },
): Promise<Message[]> {
  const oldest = database
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, "held"), eq(messages.kind, kind)))
    .orderBy(messages.createdAt, messages.id)
    .limit(limit);
  const rows = await database
    .update(messages)
    .set({ status: "sending", attempts: sql`${messages.attempts} + 1`, lastAttemptAt: now.toISOString() })
    .where(and(eq(messages.status, "held"), inArray(messages.id, oldest)))
    .returning();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Ids of the messages the scheduled retry should try again: failed ones younger than `maxAgeMs` with
 * fewer than `maxAttempts` attempts, pending ones nobody tried within a few minutes (their first
 * attempt was lost), and attempts cut off long ago.
 */
export async function listUndelivered(
  database: Database,
  { now = new Date(), maxAgeMs, maxAttempts }: { now?: Date; maxAgeMs: number; maxAttempts: number },
): Promise<string[]> {
  const rows = await database
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        gt(messages.createdAt, minus(now, maxAgeMs)),
        lt(messages.attempts, maxAttempts),
        or(
          eq(messages.status, "failed"),
          and(eq(messages.status, "pending"), lt(messages.createdAt, minus(now, 5 * 60 * 1000))),
          and(eq(messages.status, "sending"), lt(messages.lastAttemptAt, minus(now, STALE_ATTEMPT_MS))),
        ),
      ),
    )
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
