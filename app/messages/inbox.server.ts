// What the admin's Inbox page shows and does: one page of one list (every message received, the new,
// handled or failed ones, or those held past the hourly cap), newest first, each as a preview unless it
// is the one being read, with the artist's replies; a held message released, which sends it as if it had
// just arrived; a reply stored, then sent; and a failed e-mail sent again. Each e-mail goes the one way
// every e-mail goes (app/messages/deliver.server.ts).
import type { Database } from "~/platform/db.server";
import { deliverMessage, deliverReply, type MailDeps } from "~/messages/deliver.server";
import { getReply, storeReply, type Reply } from "~/messages/replies.server";
import { getMessage, messagesPage, releaseHeldMessage, type Message } from "~/messages/queries.server";
import { INBOX_VIEWS, type InboxView } from "~/messages/views";
import { newId } from "~/platform/id";
import { preview } from "~/platform/preview";

export async function getInboxData(database: Database, view: InboxView, page: number, readId: string | null) {
  const { rows, replies, paging, counts } = await messagesPage(database, view, page);
  return {
    view,
    counts,
    messages: rows.map(({ lastAttemptAt: _, ...row }) => {
      const shown = preview(row.message, row.id === readId);
      const thread = replies
        .filter((reply) => reply.messageId === row.id)
        .map(({ id, body, status, attempts, lastError, createdAt }) => ({
          id,
          body,
          status,
          attempts,
          lastError,
          createdAt,
        }));
      return {
        ...row,
        message: shown.text,
        whole: shown.whole,
        reading: row.id === readId,
        replies: thread,
        // The id the next reply to it takes: sent twice, it is stored and e-mailed once.
        replySubmission: newId(),
      };
    }),
    paging,
  };
}

export type InboxData = Awaited<ReturnType<typeof getInboxData>>;

/** The list `?show=` names; every message received when it names none (or one that does not exist). */
export function inboxViewParam(params: URLSearchParams): InboxView {
  const shown = params.get("show");
  return INBOX_VIEWS.find((view) => view === shown) ?? "received";
}

/**
 * Releases a held message and sends it now, while the admin waits, so the Inbox shows the outcome:
 * how the e-mail went, or null when the message is no longer held (released or deleted meanwhile).
 */
export async function releaseMessage(deps: MailDeps, id: string): Promise<Message["status"] | null> {
  if (!(await releaseHeldMessage(deps.database, id))) return null;
  return (await deliverMessage(deps, id)) ?? "pending";
}

/**
 * Stores the artist's reply to a message (marking the message handled), then sends it while she waits, so
 * the Inbox shows the outcome: how the e-mail went, or null when there is no such message to answer. A
 * failed send stays stored, for Retry and the scheduled retry. Sent again (its answer lost on a weak
 * signal), reply `id` is not stored twice, and its e-mail goes only if it has not gone yet; sent with other
 * words under an id already stored ("used"), nothing is stored or sent.
 */
export async function replyToMessage(deps: MailDeps, id: string, messageId: string, body: string) {
  const reply = await storeReply(deps.database, id, messageId, body);
  if (!reply) return null;
  // The id went with other words: a form whose first reply was stored, then written again. Not this reply.
  if (reply.body !== body) return "used" as const;
  return (await deliverReply(deps, reply.id)) ?? "pending";
}

/**
 * Sends a message again now, while the admin waits, so the Inbox shows the outcome: how the e-mail went,
 * null when it is not deliverable (already sent, or being sent), or "gone" when there is no such message.
 */
export async function retryMessage(deps: MailDeps, id: string): Promise<Message["status"] | null | "gone"> {
  const outcome = await deliverMessage(deps, id);
  if (outcome === null && !(await getMessage(deps.database, id))) return "gone";
  return outcome;
}

/** A reply's Retry, as a message's: how its e-mail went, null when not deliverable, "gone" when there is none. */
export async function retryReply(deps: MailDeps, id: string): Promise<Reply["status"] | null | "gone"> {
  const outcome = await deliverReply(deps, id);
  if (outcome === null && !(await getReply(deps.database, id))) return "gone";
  return outcome;
}
