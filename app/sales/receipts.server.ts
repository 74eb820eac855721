// Receipts in D1: stored before they are sent (to the buyer's address as it is then), claimed for one
// attempt at a time, their outcome recorded, and listed on the sale's page. Delivered by
// app/sales/send-receipt.server.ts the way every e-mail goes (app/messages/deliver.server.ts).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { insertWhere } from "~/platform/insert-where.server";
import { claimable, claimed, retryable, type DeliveryOutcome } from "~/messages/outbox.server";
import { collectors, receipts, sales, type Receipt } from "~/sales/schema";

export type { Receipt };

/** The buyer's address of sale `saleId` while it stands, as SQL (null without a buyer). */
const buyerEmailOf = (saleId: string) =>
  sql`(select ${collectors.email} from ${sales} join ${collectors} on ${collectors.id} = ${sales.collectorId}
       where ${sales.id} = ${saleId} and ${sales.undoneAt} is null)`;

/**
 * Stores receipt `id` (the form's submission) for sale `saleId`, addressed to its buyer, when the sale
 * stands and has one. Sent again, the receipt the first sending stored comes back. Undefined when there
 * is no standing sale with a buyer to send one to.
 */
export async function storeReceipt(database: Database, id: string, saleId: string): Promise<Receipt | undefined> {
  const [, [receipt]] = await database.batch([
    insertWhere(
      database,
      receipts,
      { id, saleId, email: buyerEmailOf(saleId) },
      sql`${buyerEmailOf(saleId)} is not null`,
    ).onConflictDoNothing({ target: receipts.id }),
    database
      .select()
      .from(receipts)
      .where(and(eq(receipts.id, id), eq(receipts.saleId, saleId))),
  ]);
  return receipt;
}

/** Takes a receipt for one delivery attempt; undefined when it is not deliverable (sent, or being sent). */
export async function claimReceipt(database: Database, id: string, now = new Date()): Promise<Receipt | undefined> {
  const [receipt] = await database
    .update(receipts)
    .set(claimed(receipts, now))
    .where(claimable(receipts, id, now))
    .returning();
  return receipt;
}

/** Records how a receipt's attempt ended. */
export async function recordReceiptDelivery(database: Database, id: string, outcome: DeliveryOutcome): Promise<void> {
  await database
    .update(receipts)
    .set({ status: outcome.status, lastError: "error" in outcome ? outcome.error.slice(0, 500) : null })
    .where(eq(receipts.id, id));
}

/** Ids of the receipts the scheduled retry should try again, oldest first. */
export async function listUndeliveredReceipts(
  database: Database,
  window: Parameters<typeof retryable>[1],
): Promise<string[]> {
  const rows = await database
    .select({ id: receipts.id })
    .from(receipts)
    .where(retryable(receipts, window))
    .orderBy(receipts.createdAt);
  return rows.map((row) => row.id);
}

/** A sale standing, with its buyer's name, for the receipt's words; undefined once undone. */
export async function standingSaleWithBuyer(database: Database, saleId: string) {
  return database
    .select({ sale: sales, buyerName: collectors.name })
    .from(sales)
    .leftJoin(collectors, eq(collectors.id, sales.collectorId))
    .where(and(eq(sales.id, saleId), isNull(sales.undoneAt)))
    .get();
}
