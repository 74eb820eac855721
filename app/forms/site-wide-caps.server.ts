// Site-wide caps on the public forms, beyond the per-address limit: one sender rotating addresses
// can store only so many messages and testimonials an hour. Counted from the rows stored in D1, which
// every data centre shares; past the cap the form answers 429 and keeps what was typed.
import { count, gt } from "drizzle-orm";
import { messages } from "~/messages/schema";
import type { AppEnv } from "~/platform/env.server";
import type { Database } from "~/platform/db.server";
import { testimonials } from "~/testimonials/schema";

/** Enquiries and contact messages share one cap; testimonials have their own. */
export type PublicFormKind = "message" | "testimonial";

export const SITE_BUSY: Record<PublicFormKind, string> = {
  message:
    "A great many messages have reached the artist in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.",
  testimonial:
    "A great many testimonials have arrived in the last hour, so this form is pausing. Please try again later; what you wrote is kept below.",
};

/** Whether this hour's cap for `kind` is reached (MESSAGES_PER_HOUR, TESTIMONIALS_PER_HOUR). */
export async function siteWideCapReached(
  database: Database,
  env: Pick<AppEnv, "MESSAGES_PER_HOUR" | "TESTIMONIALS_PER_HOUR">,
  kind: PublicFormKind,
  now = Date.now(),
): Promise<boolean> {
  const since = new Date(now - 60 * 60 * 1000).toISOString();
  const table = kind === "message" ? messages : testimonials;
  const cap = kind === "message" ? env.MESSAGES_PER_HOUR : env.TESTIMONIALS_PER_HOUR;
  try {
    const [row] = await database.select({ n: count() }).from(table).where(gt(table.createdAt, since));
    return (row?.n ?? 0) >= cap;
  } catch (error) {
    // D1 failing here fails the store that follows too, which tells the visitor and keeps the text.
    console.error("Counting this hour's submissions failed:", error);
    return false;
  }
}
