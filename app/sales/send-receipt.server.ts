// A sale's receipt goes the way every e-mail goes (app/messages/deliver.server.ts): stored first, claimed
// for one attempt, built with the certificate attached, sent or logged, its outcome recorded, and tried
// again by the Cron Trigger when it failed.
import { attemptDelivery, type MailDeps } from "~/messages/deliver.server";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS } from "~/messages/outbox.server";
import type { ImageBindings } from "~/images/writes.server";
import { certificateFile } from "~/sales/certificate-file.server";
import { composeReceipt } from "~/sales/receipt-mail.server";
import {
  claimReceipt,
  listUndeliveredReceipts,
  recordReceiptDelivery,
  standingSaleWithBuyer,
  storeReceipt,
  type Receipt,
} from "~/sales/receipts.server";

/** What sending a receipt needs: the mail settings, D1, the time, and the images for the certificate. */
export type ReceiptDeps = MailDeps & { images: ImageBindings };

/**
 * The artist's "E-mail Receipt": stored under the form's submission `id`, then sent while she waits. How
 * it went; "no-buyer" when the sale has no buyer's address (or no longer stands). Sent again, the first
 * sending's receipt is not sent twice: its status comes back.
 */
export async function sendReceipt(
  deps: ReceiptDeps,
  id: string,
  saleId: string,
): Promise<Receipt["status"] | "no-buyer"> {
  const receipt = await storeReceipt(deps.database, id, saleId);
  if (!receipt) return "no-buyer";
  return (await deliverReceipt(deps, receipt.id)) ?? receipt.status;
}

/** One delivery attempt for a stored receipt; null when it is not deliverable (sent, or being sent). */
export async function deliverReceipt(deps: ReceiptDeps, id: string): Promise<Receipt["status"] | null> {
  const { env, database } = deps;
  const receipt = await claimReceipt(database, id, deps.now);
  if (!receipt) return null;
  return attemptDelivery(
    deps,
    `receipt ${id}`,
    receipt.attempts,
    async () => {
      const sale = await standingSaleWithBuyer(database, receipt.saleId);
      const file = sale && (await certificateFile(database, deps.images, env.SITE_URL, receipt.saleId));
      if (!sale || !file) throw new Error("The sale was undone before its receipt went.");
      return composeReceipt(receipt, sale, file, env);
    },
    (outcome) => recordReceiptDelivery(database, id, outcome),
  );
}

/** The Cron Trigger's retry of receipts that should have gone: how many were tried, and how many went. */
export async function retryReceipts(deps: ReceiptDeps): Promise<{ tried: number; sent: number }> {
  const window = { now: deps.now, maxAgeMs: RETRY_WINDOW_MS, maxAttempts: MAX_ATTEMPTS };
  const outcomes = [];
  for (const id of await listUndeliveredReceipts(deps.database, window)) outcomes.push(await deliverReceipt(deps, id));
  const sent = outcomes.filter((outcome) => outcome === "sent" || outcome === "logged").length;
  return { tried: outcomes.length, sent };
}
