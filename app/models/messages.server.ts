import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages, type Message, type NewMessage } from "~/db/schema";
import { newId } from "~/lib/id";

export type { Message };

/** Stores an enquiry or contact message as pending, before any attempt to e-mail it. */
export async function createMessage(database: Database, input: Omit<NewMessage, "id" | "status">): Promise<Message> {
  const [row] = await database
    .insert(messages)
    .values({ ...input, id: newId(), status: "pending" })
    .returning();
  if (!row) throw new Error("The message was not stored.");
  return row;
}

/** Messages for the admin inbox, newest first. */
export async function listMessages(database: Database, limit = 100): Promise<Message[]> {
  return database.select().from(messages).orderBy(desc(messages.createdAt)).limit(limit);
}
