// The Cron Trigger's retry of e-mails that should have gone and have not: visitors' messages to the
// artist and her replies to them, by the same rules (app/messages/outbox.server.ts).
import { deliverMessage, deliverReply, type MailDeps } from "~/messages/deliver.server";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS } from "~/messages/outbox.server";
import { listUndelivered } from "~/messages/queries.server";
import { listUndeliveredReplies } from "~/messages/replies.server";

/**
 * Tries again every message and reply that should have gone: `tried`, how many were found undelivered;
 * `sent`, how many of them went (sent, or logged without a mail key). The rest failed again, or were
 * being sent by another attempt.
 */
export async function retryUndelivered(deps: MailDeps): Promise<{ tried: number; sent: number }> {
  const window = { now: deps.now, maxAgeMs: RETRY_WINDOW_MS, maxAttempts: MAX_ATTEMPTS };
  const [messageIds, replyIds] = await Promise.all([
    listUndelivered(deps.database, window),
    listUndeliveredReplies(deps.database, window),
  ]);
  const outcomes = [];
  for (const id of messageIds) outcomes.push(await deliverMessage(deps, id));
  for (const id of replyIds) outcomes.push(await deliverReply(deps, id));
  const sent = outcomes.filter((outcome) => outcome === "sent" || outcome === "logged").length;
  return { tried: outcomes.length, sent };
}
