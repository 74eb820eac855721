// A collector's personal details erased on their request: their record, their messages and receipts
// (app/sales), and the commission requests they sent with every photo (app/commissions), each request's
// deposit link closed first. The sales desk cannot reach commissions, so they meet here. Their purchases
// stay, with no buyer.
import type { MailDeps } from "~/messages/deliver.server";
import { closeDepositLinkOf } from "~/admin/commission-quote.server";
import { deleteRequest, requestIdsFrom } from "~/commissions/requests.server";
import { collectorEmail, deleteCollector } from "~/sales/collectors.server";

/** False when there was no such collector. */
export async function eraseCollector(
  deps: Pick<MailDeps, "env" | "database">,
  bucket: R2Bucket,
  id: string,
): Promise<boolean> {
  const email = await collectorEmail(deps.database, id);
  if (email === null) return false;
  // The requests first: they are found by the address on their messages, which deleteCollector deletes.
  for (const request of await requestIdsFrom(deps.database, email)) {
    await closeDepositLinkOf(deps, request);
    await deleteRequest(deps.database, bucket, request);
  }
  return deleteCollector(deps.database, id);
}
