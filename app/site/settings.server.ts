import { eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { SITE } from "~/ui/site";
import { siteSettings } from "./schema";

/** The setting whose value is the portrait's R2 key, present while the portrait is in R2. */
export const PORTRAIT = "portrait";

/** The portrait's R2 key when it is recorded as present, else null: a scalar for a page's own statement. */
export const portraitKey = sql`(select ${siteSettings.value} from ${siteSettings} where ${siteSettings.key} = ${PORTRAIT})`;

/**
 * Records whether the portrait is in R2. Run by the seed after it puts one, and by "Refresh Public Pages",
 * which docs/operations.md asks for after putting a portrait in R2 by hand.
 */
export async function recordPortrait(database: Database, images: R2Bucket): Promise<boolean> {
  const present = (await images.head(SITE.portraitKey)) !== null;
  if (present) {
    await database
      .insert(siteSettings)
      .values({ key: PORTRAIT, value: SITE.portraitKey })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: SITE.portraitKey } });
  } else {
    await database.delete(siteSettings).where(eq(siteSettings.key, PORTRAIT));
  }
  return present;
}

/** The setting whose value is the artist's payment instructions (bank transfer, PayPal), added to a reply on request. */
const PAYMENT_INSTRUCTIONS = "payment-instructions";

/** The artist's payment instructions, or null when she has given none. */
export async function paymentInstructions(database: Database): Promise<string | null> {
  const row = await database
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, PAYMENT_INSTRUCTIONS))
    .get();
  return row?.value ?? null;
}

/** Saves the artist's payment instructions; empty ones are removed. */
export async function savePaymentInstructions(database: Database, text: string): Promise<void> {
  if (!text) {
    await database.delete(siteSettings).where(eq(siteSettings.key, PAYMENT_INSTRUCTIONS));
    return;
  }
  await database
    .insert(siteSettings)
    .values({ key: PAYMENT_INSTRUCTIONS, value: text })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: text } });
}
