// The digest e-mail: during a flood, the messages that waited for a digest (status `digest`) of one kind,
// oldest first, in one e-mail to the recipients of that kind, each with every field its own e-mail has.
// Built only; app/messages/deliver.server.ts claims the messages, sends it and records the outcome.
import {
  artworkTitleOf,
  escapeHtml,
  htmlDocument,
  messageHtml,
  messageRows,
  parseMailbox,
  recipientsOf,
  rowsHtml,
  rowsText,
  type MailChannelsRequest,
  type Row,
} from "~/messages/mail.server";
import type { Message } from "~/messages/schema";
import type { AppEnv } from "~/platform/env.server";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { formatDateTime } from "~/ui/dates";

const OUTRO = "To answer someone, write to the e-mail address given with their message.";

const NOUNS: Record<Message["kind"], [one: string, many: string]> = {
  enquiry: ["enquiry", "enquiries"],
  contact: ["message", "messages"],
  commission: ["commission request", "commission requests"],
};
const counted = (kind: Message["kind"], n: number) => `${n} ${NOUNS[kind][n === 1 ? 0 : 1]}`;

function headingOf(message: Message, index: number, total: number): string {
  const what =
    message.kind === "enquiry"
      ? `Enquiry about "${artworkTitleOf(message)}"`
      : message.kind === "commission"
        ? "Commission request"
        : "Message through the website";
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
