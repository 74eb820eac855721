import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["enquiry", "contact"] }).notNull(),
    // No foreign key: an enquiry must outlive the artwork it asked about.
    artworkId: text("post_id"),
    // The artwork's title when the enquiry was made, for the inbox and the e-mail subject.
    artworkTitle: text("post_title"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    address: text("address"),
    message: text("message").notNull(),
    // pending: stored, not yet tried; sending: an attempt is under way; sent: MailChannels accepted it;
    // failed: the last attempt failed (retried); logged: no MailChannels key, written to the log instead;
    // digest: arrived during a busy spell, waiting for the next digest (one e-mail for many);
    // held: arrived past the hourly cap (a flood), kept without an e-mail until the artist releases it.
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "logged", "digest", "held"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    handledAt: timestamp("handled_at"),
  },
  (t) => [
    index("messages_created_at_idx").on(t.createdAt),
    index("messages_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
