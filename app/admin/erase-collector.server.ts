// A collector's personal details erased on their request: their record, their messages and receipts
// (app/sales), and the commission requests they sent with every photo (app/commissions), which the sales
// desk cannot reach. Their purchases stay, with no buyer.
import type { Database } from "~/platform/db.server";
import { deleteRequestsFrom } from "~/commissions/requests.server";
import { collectorEmail, deleteCollector } from "~/sales/collectors.server";

/** False when there was no such collector. */
export async function eraseCollector(database: Database, bucket: R2Bucket, id: string): Promise<boolean> {
  const email = await collectorEmail(database, id);
  if (email === null) return false;
  // The requests first: they are found by the address on their messages, which deleteCollector deletes.
  await deleteRequestsFrom(database, bucket, email);
  return deleteCollector(database, id);
}
