// What the admin's Inbox page shows and does: one page of one list (every message received, the new,
// handled or failed ones, or those held past the hourly cap), newest first, each as a preview unless it
// is the one being read; and a held message released, which sends it as if it had just arrived.
import type { Database } from "~/platform/db.server";
import { deliverMessage, type MailDeps } from "~/messages/mail.server";
import { messagesPage, releaseHeldMessage, type Message } from "~/messages/queries.server";
import { INBOX_VIEWS, type InboxView } from "~/messages/views";
import { preview } from "~/platform/preview";

export async function getInboxData(database: Database, view: InboxView, page: number, readId: string | null) {
  const { rows, paging, counts } = await messagesPage(database, view, page);
  return {
    view,
    counts,
    messages: rows.map(({ lastAttemptAt: _, ...row }) => {
      const shown = preview(row.message, row.id === readId);
      return { ...row, message: shown.text, whole: shown.whole, reading: row.id === readId };
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
