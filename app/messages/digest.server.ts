// During a flood the artist gets one e-mail for many: messages past MAIL_DIGEST_AFTER within the hour
// wait for a digest (status `digest`, see notifyArtist), and the Cron Trigger sends them together, one digest for the enquiries
// and one for the contact messages, each to the recipients of its kind. Every message stays in the Inbox.
import { claimForDigest, recordDelivery, type Message } from "~/messages/queries.server";
import {
  artworkTitleOf,
  escapeHtml,
  failureReason,
  htmlDocument,
  MAX_ATTEMPTS,
  messageHtml,
  messageRows,
  parseMailbox,
  recipientsOf,
  rowsHtml,
  rowsText,
  sendOrLog,
  type MailChannelsRequest,
  type MailDeps,
  type Row,
} from "~/messages/mail.server";
import type { AppEnv } from "~/platform/env.server";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { formatDateTime } from "~/ui/dates";

/** Messages in one digest; any more wait for the next run, a quarter of an hour later. */
export const DIGEST_MAX_MESSAGES = 100;

const KINDS: Message["kind"][] = ["enquiry", "contact"];

const OUTRO = "To answer someone, write to the e-mail address given with their message.";

const counted = (kind: Message["kind"], n: number) =>
  kind === "enquiry" ? (n === 1 ? "1 enquiry" : `${n} enquiries`) : n === 1 ? "1 message" : `${n} messages`;

function headingOf(message: Message, index: number, total: number): string {
  const what =
    message.kind === "enquiry" ? `Enquiry about "${artworkTitleOf(message)}"` : "Message through the website";
  return `${index + 1} of ${total}: ${what}`;
}

/** The one e-mail for the `waiting` messages of one kind, oldest first, each with every field its own e-mail has. */
export function composeDigest(waiting: Message[], env: AppEnv): MailChannelsRequest {
  const kind = waiting[0]!.kind;
  const inbox = absoluteUrl(env.SITE_URL, "/inbox");
  const intro = `Hello ${SITE.artistName}, ${counted(kind, waiting.length)} reached the website during a busy spell, so they come together in this one e-mail. Every one is also in your Inbox: ${inbox}`;
  const rowsOf = (message: Message): Row[] => [
    ...messageRows(message, env),
    ["Received", formatDateTime(message.createdAt)],
  ];
  const text = [
    intro,
    ...waiting.flatMap((message, index) => [
      "",
      "----",
      headingOf(message, index, waiting.length),
      ...rowsText(rowsOf(message)),
      "Message:",
      message.message,
    ]),
    "",
    OUTRO,
  ].join("\n");
  const html = htmlDocument(
    [
      `<p>${escapeHtml(intro)}</p>`,
      ...waiting.map(
        (message, index) =>
          `<hr><h2 style="font-size:1.1em">${escapeHtml(headingOf(message, index, waiting.length))}</h2>${rowsHtml(
            rowsOf(message),
          )}${messageHtml(message.message)}`,
      ),
      `<hr><p>${escapeHtml(OUTRO)}</p>`,
    ].join(""),
  );
  return {
    personalizations: [{ to: recipientsOf(kind, env) }],
    from: parseMailbox(env.MAIL_FROM),
    subject: `${counted(kind, waiting.length)} from the website, in one digest`,
    content: [
      { type: "text/plain", value: text },
      { type: "text/html", value: html },
    ],
  };
}

/**
 * The Cron Trigger's job during a flood: one digest per kind of the messages waiting for one. Sent (or,
 * without MAILCHANNELS_API_KEY, logged) they are marked so; a digest that fails leaves its messages
 * waiting, with the error, for the next run. Returns how many messages went and in how many e-mails.
 */
export async function sendDigests(deps: MailDeps): Promise<{ messages: number; emails: number }> {
  const { env, database } = deps;
  const sent = { messages: 0, emails: 0 };
  for (const kind of KINDS) {
    const waiting = await claimForDigest(database, kind, { now: deps.now, limit: DIGEST_MAX_MESSAGES });
    if (waiting.length === 0) continue;
    const ids = waiting.map((message) => message.id);
    const email = composeDigest(waiting, env);
    try {
      const status = await sendOrLog(deps, email, `a digest of ${waiting.length} ${kind} messages`);
      await recordDelivery(database, ids, { status });
      sent.messages += waiting.length;
      sent.emails += 1;
    } catch (error) {
      const reason = failureReason(error);
      console.error(`[mail] a digest of ${waiting.length} ${kind} messages failed: ${reason}`);
      await recordDelivery(database, ids, { status: "digest", error: reason, maxAttempts: MAX_ATTEMPTS });
    }
  }
  return sent;
}
