// Site-wide caps on the public forms, beyond the per-address limit: one sender rotating addresses
// can store only so many messages and testimonials an hour. Counted from the rows stored in D1, which
// every data centre shares; past the cap the form answers 429 and keeps what was typed.
import { count, eq, gt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { insertMessage, type Message } from "~/messages/queries.server";
import { messages, type NewMessage } from "~/messages/schema";
import type { AppEnv } from "~/platform/env.server";
import type { Database } from "~/platform/db.server";
import { insertTestimonial, type Testimonial } from "~/testimonials/queries.server";
import { testimonials } from "~/testimonials/schema";

/** Enquiries and contact messages share one cap; testimonials have their own. */
export type PublicFormKind = "message" | "testimonial";

type Caps = Pick<AppEnv, "MESSAGES_PER_HOUR" | "TESTIMONIALS_PER_HOUR">;

export const SITE_BUSY: Record<PublicFormKind, string> = {
  message:
    "A great many messages have reached the artist in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.",
  testimonial:
    "A great many testimonials have arrived in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.",
};

const anHourBefore = (now: number) => new Date(now - 60 * 60 * 1000).toISOString();

/**
 * Runs `insert` and counts `table`'s rows of the last hour in one D1 batch (one transaction), so
 * submissions arriving together are each counted with every one before them and `cap` is never
 * overshot; a row that came past it is taken back (null). Otherwise the row and the hour's count.
 */
async function insertWithinHourlyCap<Row extends { id: string }>(
  database: Database,
  table: typeof messages | typeof testimonials,
  cap: number,
  insert: BatchItem<"sqlite"> & PromiseLike<Row[]>,
  now: number,
): Promise<{ row: Row; thisHour: number } | null> {
  const [[row], [counted]] = (await database.batch([
    insert,
    database
      .select({ n: count() })
      .from(table)
      .where(gt(table.createdAt, anHourBefore(now))),
  ])) as [Row[], { n: number }[]];
  if (!row) throw new Error("The submission was not stored.");
  const thisHour = counted?.n ?? 0;
  if (thisHour <= cap) return { row, thisHour };
  await database.delete(table).where(eq(table.id, row.id));
  return null;
}

/**
 * Stores a visitor's message unless this hour's MESSAGES_PER_HOUR is already reached (null then), and
 * says how many messages this hour holds with it.
 */
export async function storeMessageWithinCap(
  database: Database,
  caps: Caps,
  input: Omit<NewMessage, "id" | "status">,
  now = Date.now(),
): Promise<{ message: Message; thisHour: number } | null> {
  const stored = await insertWithinHourlyCap<Message>(
    database,
    messages,
    caps.MESSAGES_PER_HOUR,
    insertMessage(database, input),
    now,
  );
  return stored && { message: stored.row, thisHour: stored.thisHour };
}

/** Stores a testimonial unless this hour's TESTIMONIALS_PER_HOUR is already reached (null then). */
export async function storeTestimonialWithinCap(
  database: Database,
  caps: Caps,
  input: { author: string; message: string },
  now = Date.now(),
): Promise<Testimonial | null> {
  const stored = await insertWithinHourlyCap<Testimonial>(
    database,
    testimonials,
    caps.TESTIMONIALS_PER_HOUR,
    insertTestimonial(database, input),
    now,
  );
  return stored?.row ?? null;
}
