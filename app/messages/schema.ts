import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";

/**
 * An e-mail waiting to go, and how its delivery went. pending: stored, not yet tried; sending: an attempt
 * is under way; sent: MailChannels accepted it; failed: the last attempt failed (retried); logged: no
 * MailChannels key, written to the log instead. A sale's receipt (app/sales/schema.ts) has them too.
 */
export function delivery<const S extends readonly ["pending", ...string[]]>(statuses: S) {
  return {
    status: text("status", { enum: statuses as unknown as [S[number], ...S[number][]] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at"),
    createdAt: timestamp("created_at").notNull().default(now),
  };
}

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["enquiry", "contact", "commission"] }).notNull(),
    // No foreign key: an enquiry must outlive the artwork it asked about.
    artworkId: text("post_id"),
    // The artwork's title when the enquiry was made, for the inbox and the e-mail subject.
    artworkTitle: text("post_title"),
    // The option asked about (app/artworks/options.ts optionName) when the enquiry was made; null for an original.
    artworkOption: text("post_option"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    address: text("address"),
    message: text("message").notNull(),
    // Besides an e-mail's states (below): digest, arrived during a busy spell, waiting for the next digest
    // (one e-mail for many); held, arrived past the hourly cap (a flood), kept without an e-mail until the
    // artist releases it.
    ...delivery(["pending", "sending", "sent", "failed", "logged", "digest", "held"]),
    handledAt: timestamp("handled_at"),
  },
  (t) => [
    index("messages_created_at_idx").on(t.createdAt),
    index("messages_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

// The artist's answers, sent from the Inbox to the visitor. Stored before they are sent, and delivered,
// retried and recorded as messages are (app/messages/outbox.server.ts); deleted with their message.
export const replies = sqliteTable(
  "message_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    // A reply is always its own e-mail: no digest, never held.
    ...delivery(["pending", "sending", "sent", "failed", "logged"]),
  },
  (t) => [
    index("message_replies_message_idx").on(t.messageId, t.createdAt),
    index("message_replies_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

export type Message = typeof messages.$inferSelect;
export type Reply = typeof replies.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
