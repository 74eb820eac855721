// The queue consumer: each message is one part of an announcement (its recipients numbered from…to). The part's
// recipients are claimed in D1 before anyone is e-mailed and recorded after, so a part the queue delivers
// again (at least once, by design) e-mails only those not yet sent. One MailChannels call carries the part,
// each recipient with only what their preferences ask for, as they are now; a failed call is retried with
// backoff; a recipient who left meanwhile is skipped.
import type { AppEnv } from "~/platform/env.server";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { attemptDelivery } from "~/messages/deliver.server";
import { manageToken } from "~/mailing-list/links.server";
import { announcementData, announcementEmail, type AnnouncementData } from "~/mailing-list/announcement-mail.server";
import {
  claimPart,
  getAnnouncement,
  recordPart,
  stalledRanges,
  type ClaimedRecipient,
} from "~/mailing-list/announcement-queries.server";
import type { Announcement } from "~/mailing-list/schema";
import { queueParts, type AnnouncementPart } from "~/mailing-list/announce.server";

/** Queues delays a message at most 12 hours. */
const LONGEST_DELAY_SECONDS = 43_200;

/** Recipients untouched this long while still to send have lost their queue message: the cron queues them again. */
export const STALLED_AFTER_MS = 30 * 60 * 1000;

/** Seconds before the next try of a part whose call failed on its `attempts`th try: `base`, doubling each time. */
export function retryDelay(base: number, attempts: number): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), LONGEST_DELAY_SECONDS);
}

function partOf(body: unknown): AnnouncementPart | null {
  const part = body as Partial<AnnouncementPart> | null;
  const ok =
    typeof part?.announcementId === "string" &&
    Number.isSafeInteger(part.from) &&
    Number.isSafeInteger(part.to) &&
    part.from! >= 1 &&
    part.to! >= part.from!;
  return ok ? (part as AnnouncementPart) : null;
}

const NOTHING_TO_RETRY = { retry: false, attempts: 0 };

/**
 * A call that timed out may have been accepted all the same (MailChannels' answer never came; the wording is
 * failureReason's): its recipients are not sent it again.
 */
const MAYBE_ACCEPTED = /^Timed out/;

/** Who of the claimed is written to, each with their data and leave token, and who asked for nothing in it now. */
async function recipientsOf(env: AppEnv, announcement: Announcement | undefined, claimed: ClaimedRecipient[]) {
  const recipients: Array<{ email: string; data: AnnouncementData; manageToken: string }> = [];
  const skipped: string[] = [];
  for (const each of claimed) {
    const token = await manageToken(env.SESSION_SECRET, each.subscriberId);
    const data = announcement ? announcementData(env, announcement, each.preferences, token) : null;
    if (data) recipients.push({ email: each.email, data, manageToken: token });
    else skipped.push(each.subscriberId);
  }
  return { recipients, skipped };
}

/** E-mails one part; whether (and after how many tries) it should be tried again. */
export async function deliverPart(
  env: AppEnv,
  database: Database,
  part: AnnouncementPart,
): Promise<{ retry: boolean; attempts: number }> {
  // Read before claiming: a claim is made only by a delivery that can go on to send.
  const announcement = await getAnnouncement(database, part.announcementId);
  const claim = newId();
  const claimed = await claimPart(database, part, claim);
  if (claimed.length === 0) return NOTHING_TO_RETRY;
  let chosen: Awaited<ReturnType<typeof recipientsOf>>;
  try {
    chosen = await recipientsOf(env, announcement, claimed);
  } catch (error) {
    // Nothing went out: the claim comes back as a failed try, to be tried again.
    return recordPart(database, claim, { status: "failed", error: String(error) }, []);
  }
  const { recipients, skipped } = chosen;
  // Nobody left to write to (all left, or ask for nothing in it now): the part is done.
  if (recipients.length === 0) return recordPart(database, claim, { status: "sent" }, skipped);
  let result = NOTHING_TO_RETRY;
  let accepted = false;
  await attemptDelivery(
    { env, database },
    `a part of ${recipients.length} of announcement ${part.announcementId}`,
    null,
    () => announcementEmail(env, recipients),
    async (outcome) => {
      if (outcome.status !== "failed") {
        accepted = true;
        // Recorded (a second try for a passing D1 error), or the rows stay claimed and the lease closes them:
        // either way never sent again.
        const record = () => recordPart(database, claim, outcome, skipped);
        result = await record().catch(record);
        return;
      }
      // attemptDelivery reports a sent part it could not record as a failed attempt: it went out.
      if (accepted) return;
      result = await recordPart(database, claim, outcome, skipped, { final: MAYBE_ACCEPTED.test(outcome.error) });
    },
  );
  return result;
}

/** The Worker's queue handler: each part delivered, then acknowledged or retried after its backoff. */
export async function deliverAnnouncementParts(
  env: AppEnv,
  database: Database,
  messages: readonly Message<unknown>[],
): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      const part = partOf(message.body);
      if (!part) {
        console.error(`[mailing list] a queue message that names no part was dropped: ${JSON.stringify(message.body)}`);
        message.ack();
        return;
      }
      try {
        const { retry, attempts } = await deliverPart(env, database, part);
        if (retry) message.retry({ delaySeconds: retryDelay(env.ANNOUNCE_RETRY_SECONDS, attempts) });
        else message.ack();
      } catch (error) {
        // D1 unreachable, say: nothing was claimed, or the claimed rows wait out their lease and are then
        // marked failed for good (never sent twice).
        console.error(`[mailing list] announcement part ${part.announcementId} ${part.from}-${part.to} failed:`, error);
        message.retry({ delaySeconds: retryDelay(env.ANNOUNCE_RETRY_SECONDS, message.attempts) });
      }
    }),
  );
}

/**
 * The Cron Trigger's part: recipients cut off mid-send are marked failed (never sent twice), and those whose
 * queue message was lost are queued again. Returns how many parts were queued.
 */
export async function resumeAnnouncements(
  env: Pick<AppEnv, "ANNOUNCE_PART_SIZE">,
  database: Database,
  queue: Queue<AnnouncementPart>,
): Promise<number> {
  let queued = 0;
  for (const stalled of await stalledRanges(database, STALLED_AFTER_MS)) {
    queued += await queueParts(queue, stalled.announcementId, stalled.from, stalled.to, env.ANNOUNCE_PART_SIZE);
  }
  return queued;
}
