// The one way an e-mail goes once its rows are stored (a visitor's message, the artist's reply, a digest of
// messages that waited): claimed in D1 for one attempt, built and sent by the mailer, its outcome recorded in
// D1. The store (queries.server.ts, replies.server.ts) and the mailer (mail.server.ts, reply-mail.server.ts,
// digest-mail.server.ts) never call each other: only this file calls both, so the intake, the Inbox, the
// digest and the scheduled retry all deliver through the functions below.
import { enquiredPrice } from "~/artworks/view";
import { getArtwork } from "~/artworks/queries.server";
import { composeDigest } from "~/messages/digest-mail.server";
import { composeEmail, failureReason, sendMail, type MailChannelsRequest } from "~/messages/mail.server";
import { MAX_ATTEMPTS, type DeliveryOutcome } from "~/messages/outbox.server";
import {
  claimForDelivery,
  claimForDigest,
  recordDelivery,
  waitForDigest,
  type StoredMessage,
} from "~/messages/queries.server";
import { claimReply, recordReplyDelivery } from "~/messages/replies.server";
import { composeReply } from "~/messages/reply-mail.server";
import { composeNotice, type ArtistNotice } from "~/messages/notice-mail.server";
import type { Message, Reply } from "~/messages/schema";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";

export type { ArtistNotice };

/**
 * A notice to the artist of something done on her site, sent once after the response. What it tells of is
 * already stored by the caller (the page lists it), so a failed send is logged, not retried.
 */
export function noticeToArtist(env: AppEnv, notice: ArtistNotice, ctx: Pick<ExecutionContext, "waitUntil">): void {
  ctx.waitUntil(
    sendMail(env, composeNotice(notice, env), `the notice "${notice.subject}"`).then((outcome) => {
      if (outcome.status === "failed") console.error(`[mail] the notice "${notice.subject}" failed: ${outcome.error}`);
    }),
  );
}

/** What delivering needs: the mail settings, D1, and the time (a test's, or now). */
export type MailDeps = { env: AppEnv; database: Database; now?: Date };

/**
 * What follows a visitor's stored message, after the response: its own e-mail, or, when more than
 * MAIL_DIGEST_AFTER messages arrived within the hour (a busy spell), a place in the next digest, so
 * the artist gets one e-mail for many (app/messages/digest.server.ts); nothing for a held one.
 */
export function notifyArtist(deps: MailDeps, stored: StoredMessage, ctx: Pick<ExecutionContext, "waitUntil">): void {
  // A held message waits for the artist, who releases it from the Inbox.
  if (stored.held) return;
  ctx.waitUntil(
    stored.thisHour > deps.env.MAIL_DIGEST_AFTER
      ? waitForDigest(deps.database, stored.message.id)
      : deliverMessage(deps, stored.message.id).then(() => undefined),
  );
}

/**
 * One delivery attempt for a stored message: sent through MailChannels, or, without
 * MAILCHANNELS_API_KEY, written to the log and marked `logged`. A failure is recorded on the message
 * (status failed, the error, the attempt count) for the Inbox and the scheduled retry. Returns the
 * outcome, or null when the message was not deliverable (already sent, or being sent right now).
 */
export async function deliverMessage(deps: MailDeps, id: string): Promise<Message["status"] | null> {
  const { env, database } = deps;
  const message = await claimForDelivery(database, id, deps.now);
  if (!message) return null;
  return attemptDelivery(
    deps,
    `${message.kind} ${message.id}`,
    message.attempts,
    async () => {
      // The price as it is now; null once the artwork is deleted (the stored title still names it).
      const artwork =
        message.kind === "enquiry" && message.artworkId ? await getArtwork(database, message.artworkId) : undefined;
      return composeEmail(message, env, artwork ? { price: enquiredPrice(artwork, message.artworkOption) } : null);
    },
    (outcome) => recordDelivery(database, [id], outcome),
  );
}

/**
 * One delivery attempt for a stored reply, recorded as a message's is (failed with the error, for the
 * Inbox's Retry and the scheduled retry). Null when it is not deliverable (sent, or being sent).
 */
export async function deliverReply(deps: MailDeps, id: string): Promise<Reply["status"] | null> {
  const { env, database } = deps;
  const claim = await claimReply(database, id, deps.now);
  if (!claim) return null;
  return attemptDelivery(
    deps,
    `reply ${id}`,
    claim.reply.attempts,
    () => composeReply(claim.reply, claim.message, env),
    (outcome) => recordReplyDelivery(database, id, outcome),
  );
}

/**
 * One digest of the oldest messages of one kind waiting for one (at most `limit`): how many it held and how
 * it went, or null when none were waiting. A digest that failed puts its messages back to wait for the next
 * one, unless they have had MAX_ATTEMPTS: then they are `failed`, for the Inbox's Retry.
 */
export async function deliverDigest(
  deps: MailDeps,
  kind: Message["kind"],
  limit: number,
): Promise<{ messages: number; status: DeliveryOutcome["status"] } | null> {
  const { env, database } = deps;
  const waiting = await claimForDigest(database, kind, { now: deps.now, limit });
  if (waiting.length === 0) return null;
  const ids = waiting.map((message) => message.id);
  const status = await attemptDelivery(
    deps,
    `a digest of ${waiting.length} ${kind} messages`,
    null,
    () => composeDigest(waiting, env),
    (outcome) =>
      recordDelivery(
        database,
        ids,
        outcome.status === "failed" ? { status: "digest", error: outcome.error, maxAttempts: MAX_ATTEMPTS } : outcome,
      ),
  );
  return { messages: waiting.length, status };
}

/**
 * One attempt at an e-mail already claimed: built, sent or logged by the mailer, its outcome handed to
 * `record`. A failure is recorded and logged, never thrown, for the Inbox's Retry and the scheduled retry;
 * building it (reading the artwork) or recording its success failing counts as a failed attempt too.
 * A sale's receipt (app/sales/receipts.server.ts) goes this way as well.
 */
export async function attemptDelivery(
  deps: MailDeps,
  what: string,
  attemptNumber: number | null,
  compose: () => MailChannelsRequest | Promise<MailChannelsRequest>,
  record: (outcome: DeliveryOutcome) => Promise<void>,
): Promise<DeliveryOutcome["status"]> {
  let failed: Extract<DeliveryOutcome, { status: "failed" }>;
  try {
    const outcome = await sendMail(deps.env, await compose(), what);
    if (outcome.status !== "failed") {
      await record(outcome);
      return outcome.status;
    }
    failed = outcome;
  } catch (error) {
    failed = { status: "failed", error: failureReason(error) };
  }
  console.error(`[mail] ${what}${attemptNumber === null ? "" : ` attempt ${attemptNumber}`} failed: ${failed.error}`);
  await record(failed);
  return "failed";
}
