// During a flood the artist gets one e-mail for many: messages past MAIL_DIGEST_AFTER within the hour
// wait for a digest (status `digest`, see notifyArtist in app/messages/deliver.server.ts), and the Cron
// Trigger sends them together, one digest for each kind (enquiries, contact messages, commission requests), each to the
// recipients of its kind. Held messages (past the hourly cap) are not among them: they wait for the artist.
// Every message stays in the Inbox.
import { deliverDigest, type MailDeps } from "~/messages/deliver.server";
import type { Message } from "~/messages/schema";

/** Messages in one digest; any more wait for the next run, a quarter of an hour later. */
export const DIGEST_MAX_MESSAGES = 100;

const KINDS: Message["kind"][] = ["enquiry", "contact", "commission"];

/**
 * The Cron Trigger's job during a flood: one digest per kind of the messages waiting for one. Sent (or,
 * without MAILCHANNELS_API_KEY, logged) they are marked so; a digest that fails leaves its messages
 * waiting, with the error, for the next run. Returns how many waiting messages went out (sent or logged)
 * and in how many digests; a failed digest counts in neither.
 */
export async function sendDigests(deps: MailDeps): Promise<{ messages: number; digests: number }> {
  const went = { messages: 0, digests: 0 };
  for (const kind of KINDS) {
    const digest = await deliverDigest(deps, kind, DIGEST_MAX_MESSAGES);
    if (!digest || digest.status === "failed") continue;
    went.messages += digest.messages;
    went.digests += 1;
  }
  return went;
}
