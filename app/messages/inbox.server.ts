// What the admin's Inbox page shows: one page of stored enquiries and contact messages, newest first,
// each as a preview unless it is the one being read.
import type { Database } from "~/platform/db.server";
import { messagesPage } from "~/messages/queries.server";
import { preview } from "~/platform/preview";

export async function getInboxData(database: Database, page: number, readId: string | null) {
  const { rows, paging } = await messagesPage(database, page);
  return {
    messages: rows.map(({ lastAttemptAt: _, ...row }) => {
      const shown = preview(row.message, row.id === readId);
      return { ...row, message: shown.text, whole: shown.whole, reading: row.id === readId };
    }),
    paging,
  };
}

export type InboxData = Awaited<ReturnType<typeof getInboxData>>;
