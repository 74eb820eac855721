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
import { claimPart, getAnnouncement, recordPart, stalledParts } from "~/mailing-list/announcement-queries.server";
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

/** E-mails one part; whether (and after how many tries) it should be tried again. */
export async function deliverPart(
  env: AppEnv,
  database: Database,
  part: AnnouncementPart,
): Promise<{ retry: boolean; attempts: number }> {
  const claim = newId();
  const [announcement, claimed] = await Promise.all([
    getAnnouncement(database, part.announcementId),
    claimPart(database, part, claim),
  ]);
  if (claimed.length === 0) return { retry: false, attempts: 0 };
  const skipped: string[] = [];
  let result = { retry: false, attempts: 0 };
  // Nobody left to write to (all skipped) is a part done, recorded as such.
  const compose = async () => {
    const recipients: Array<{ email: string; data: AnnouncementData; manageToken: string }> = [];
    for (const each of claimed) {
      const token = await manageToken(env.SESSION_SECRET, each.subscriberId);
      const data = announcement ? announcementData(env, announcement, each.preferences, token) : null;
      if (data) recipients.push({ email: each.email, data, manageToken: token });
      else skipped.push(each.subscriberId);
    }
    return recipients;
  };
  const recipients = await compose();
  if (recipients.length === 0) return recordPart(database, claim, { status: "sent" }, skipped);
  await attemptDelivery(
    { env, database },
    `a part of ${recipients.length} of announcement ${part.announcementId}`,
    null,
    () => announcementEmail(env, recipients),
    async (outcome) => {
      result = await recordPart(database, claim, outcome, skipped);
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
        // D1 unreachable, say: nothing was claimed, or the claim's rows wait for the lease.
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
  env: Pick<AppEnv, "ANNOUNCE_BATCH_SIZE">,
  database: Database,
  queue: Queue<AnnouncementPart>,
): Promise<number> {
  let queued = 0;
  for (const stalled of await stalledParts(database, STALLED_AFTER_MS)) {
    queued += await queueParts(queue, stalled.announcementId, stalled.from, stalled.to, env.ANNOUNCE_BATCH_SIZE);
  }
  return queued;
}
