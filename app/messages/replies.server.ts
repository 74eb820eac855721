// The artist's replies in D1: stored before they are sent, claimed for one attempt at a time, their
// outcome recorded, and read beside the messages they answer.
import { and, asc, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { messages, replies, type Message, type Reply } from "~/messages/schema";
import { claimable, claimed, retryable, type DeliveryOutcome } from "~/messages/outbox.server";
import { now } from "~/platform/columns";
import { insertWhere } from "~/platform/insert-where.server";

export type { Reply };

/**
 * Stores reply `id` (the reply form's submission, app/forms/submission.server.ts) to message `messageId`
 * and marks the message handled, in one round trip; the reply is stored only when the message exists and
 * is not held (a held one was never let in). Sent again, the reply the first sending stored comes back
 * instead of a second one. Undefined when there is no such message to answer.
 */
export async function storeReply(
  database: Database,
  id: string,
  messageId: string,
  body: string,
): Promise<Reply | undefined> {
  const answerable = sql`exists (select 1 from ${messages} where ${messages.id} = ${messageId} and ${messages.status} != 'held')`;
  const [, , [reply]] = await database.batch([
    insertWhere(database, replies, { id, messageId, body }, answerable).onConflictDoNothing({ target: replies.id }),
    // Only when the reply is this message's: an id already used for another message's reply stores nothing here.
    database
      .update(messages)
      .set({ handledAt: sql`coalesce(${messages.handledAt}, ${now})` })
      .where(
        and(
          eq(messages.id, messageId),
          ne(messages.status, "held"),
          sql`exists (select 1 from ${replies} where ${replies.id} = ${id} and ${replies.messageId} = ${messageId})`,
        ),
      ),
    database
      .select()
      .from(replies)
      .where(and(eq(replies.id, id), eq(replies.messageId, messageId))),
  ]);
  return reply;
}

/** Takes a reply for one delivery attempt, with the message it answers; undefined when it is not deliverable. */
export async function claimReply(
  database: Database,
  id: string,
  now = new Date(),
): Promise<{ reply: Reply; message: Message } | undefined> {
  const [reply] = await database
    .update(replies)
    .set(claimed(replies, now))
    .where(claimable(replies, id, now))
    .returning();
  if (!reply) return undefined;
  const message = await database.select().from(messages).where(eq(messages.id, reply.messageId)).get();
  return message && { reply, message };
}

/** Records how a reply's attempt ended. */
export async function recordReplyDelivery(database: Database, id: string, outcome: DeliveryOutcome): Promise<void> {
  await database
    .update(replies)
    .set({ status: outcome.status, lastError: "error" in outcome ? outcome.error.slice(0, 500) : null })
    .where(eq(replies.id, id));
}

/** Ids of the replies the scheduled retry should try again, oldest first. */
export async function listUndeliveredReplies(
  database: Database,
  window: Parameters<typeof retryable>[1],
): Promise<string[]> {
  const rows = await database
    .select({ id: replies.id })
    .from(replies)
    .where(retryable(replies, window))
    .orderBy(replies.createdAt);
  return rows.map((row) => row.id);
}

export async function getReply(database: Database, id: string): Promise<Reply | undefined> {
  return database.select().from(replies).where(eq(replies.id, id)).get();
}

/** The replies to the messages `ids` picks (a subquery, so it joins the page's batch), oldest first. */
export function repliesTo(database: Database, ids: SQLWrapper | string[]) {
  return database
    .select()
    .from(replies)
    .where(inArray(replies.messageId, ids))
    .orderBy(asc(replies.createdAt), asc(replies.id));
}
