// The mailer: e-mail through the MailChannels Email API. It builds the e-mail the artist receives for a
// stored message and sends what it is given, returning how that went; it never reads or writes D1. Claiming
// a message and recording the outcome are app/messages/deliver.server.ts's, which calls this module.
import type { AppEnv } from "~/platform/env.server";
import type { DeliveryOutcome } from "~/messages/outbox.server";
import type { Message } from "~/messages/schema";
import { artworkPath } from "~/artworks/path";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";

type Mailbox = { email: string; name?: string };

/** One recipient's (or group's) envelope; an announcement gives each its own headers, subject and data. */
export type Personalization = {
  to: Mailbox[];
  subject?: string;
  headers?: Record<string, string>;
  /** The values of the content's {{mustache}} tags for these recipients. */
  dynamic_template_data?: Record<string, unknown>;
};

export type MailChannelsRequest = {
  personalizations: Personalization[];
  from: Mailbox;
  /** The visitor; a digest of many has none. */
  reply_to?: Mailbox;
  subject: string;
  /** With `template_type`, MailChannels fills each part's tags from each personalization's data. */
  content: [
    { type: "text/plain"; value: string; template_type?: "mustache" },
    { type: "text/html"; value: string; template_type?: "mustache" },
  ];
  /** Headers of its own (a mailing list's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files sent with it (a sale's certificate), their bytes in base64. */
  attachments?: Array<{ content: string; filename: string; type: string }>;
};

/** "Website <no-reply@example.com>" -> { name: "Website", email: "no-reply@example.com" }; a bare address works too. */
export function parseMailbox(value: string): Mailbox {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (!match) return { email: value.trim() };
  const name = match[1]!.replace(/^"|"$/g, "").trim();
  return name ? { name, email: match[2]! } : { email: match[2]! };
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Names go into a subject line: one line, no control characters. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}

/**
 * The artwork as it is when the e-mail is written, its price as the site writes it (of the option asked
 * about, if any); null once deleted: the stored title still names it.
 */
export type EnquiredArtwork = { price: string | null } | null;

export type Row = [label: string, value: string, href?: string];

/** Enquiries and commission requests (both a sale to be) go to the enquiry recipients, contact messages to the contact recipient. */
export function recipientsOf(kind: Message["kind"], env: AppEnv): Mailbox[] {
  const emails = kind === "contact" ? [env.CONTACT_RECIPIENT] : env.ENQUIRY_RECIPIENTS;
  return emails.map((email) => ({ email, name: SITE.artistName }));
}

/** The visitor as a mailbox to reply to; the name on one line. */
export const visitorOf = (message: Message): Mailbox => ({ email: message.email, name: oneLine(message.name) });

export const artworkTitleOf = (message: Message) => oneLine(message.artworkTitle ?? "an artwork");

/**
 * What describes a stored message: for an enquiry the artwork (with its link), the price when it is
 * known and the postal address; for both who sent it and their e-mail address.
 */
export function messageRows(message: Message, env: AppEnv, price?: string): Row[] {
  const visitor = visitorOf(message);
  const sender: Row[] = [
    ["From", visitor.name!],
    ["E-mail", visitor.email, `mailto:${visitor.email}`],
  ];
  if (message.kind !== "enquiry") return sender;
  const link = message.artworkId ? absoluteUrl(env.SITE_URL, artworkPath(message.artworkId)) : env.SITE_URL;
  return [
    ["Artwork", artworkTitleOf(message), link],
    ...(message.artworkOption ? [["Option", oneLine(message.artworkOption)] satisfies Row] : []),
    ...(price === undefined ? [] : [["Price", price] satisfies Row]),
    ...sender,
    ["Address", message.address ?? "Not given"],
  ];
}

export const rowsText = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`);

export function rowsHtml(rows: Row[]): string {
  const cell = ([label, value, href]: Row) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${
      href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)
    }</td></tr>`;
  return `<table>${rows.map(cell).join("")}</table>`;
}

export const messageHtml = (text: string) =>
  `<p><strong>Message:</strong></p><p style="white-space:pre-wrap">${escapeHtml(text)}</p>`;

export const htmlDocument = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1c19">${body}</body></html>`;

function render(intro: string, rows: Row[], message: string, outro: string) {
  const text = [intro, "", ...rowsText(rows), "", "Message:", message, "", outro].join("\n");
  const html = htmlDocument(
    `<p>${escapeHtml(intro)}</p>${rowsHtml(rows)}${messageHtml(message)}<p>${escapeHtml(outro)}</p>`,
  );
  return [
    { type: "text/plain" as const, value: text },
    { type: "text/html" as const, value: html },
  ] satisfies MailChannelsRequest["content"];
}

/**
 * The e-mail for a stored message: an enquiry to the enquiry recipients with every field of the spec's
 * enquiry payload (to_name, from_name, reply_to, message, to_email, artwork_title) plus the price, the
 * visitor's address and the artwork's link; a contact message to the contact recipient.
 */
export function composeEmail(message: Message, env: AppEnv, artwork: EnquiredArtwork = null): MailChannelsRequest {
  const visitor = visitorOf(message);
  const outro = `Reply to this e-mail to answer ${visitor.name} directly.`;
  const envelope = {
    personalizations: [{ to: recipientsOf(message.kind, env) }],
    from: parseMailbox(env.MAIL_FROM),
    reply_to: visitor,
  };
  if (message.kind === "enquiry") {
    const title = artworkTitleOf(message);
    const rows = messageRows(message, env, artwork?.price ?? "Not specified");
    return {
      ...envelope,
      subject: `Enquiry about "${title}" from ${visitor.name}`,
      content: render(
        `Hello ${SITE.artistName}, ${visitor.name} has sent an enquiry about "${title}".`,
        rows,
        message.message,
        outro,
      ),
    };
  }
  if (message.kind === "commission") {
    // The request's details (subject, size, budget, date, photos) are the first lines of its message.
    return {
      ...envelope,
      subject: `Commission request from ${visitor.name}`,
      content: render(
        `Hello ${SITE.artistName}, ${visitor.name} would like a commission. Its photos are in your Inbox, under Commissions.`,
        messageRows(message, env),
        message.message,
        outro,
      ),
    };
  }
  return {
    ...envelope,
    subject: `New message from ${visitor.name} via the website`,
    content: render(
      `Hello ${SITE.artistName}, ${visitor.name} has sent a message through the website.`,
      messageRows(message, env),
      message.message,
      outro,
    ),
  };
}

/** Sends one e-mail; throws with the API's answer when it is not accepted, or when it does not answer in time. */
export async function sendEmail(request: MailChannelsRequest, apiKey: string, timeoutMs: number, url: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "X-Api-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`MailChannels answered ${response.status}${detail ? `: ${detail}` : ""}`);
  }
}

/** What the Inbox shows of a failed send. */
export const failureReason = (error: unknown) =>
  error instanceof Error ? `${error.name === "TimeoutError" ? "Timed out: " : ""}${error.message}` : String(error);

/**
 * Sends an e-mail through MailChannels, or, without MAILCHANNELS_API_KEY, writes it (its text part) to the
 * log: the outcome its rows earn. MailChannels refusing it or not answering in time is an outcome too
 * (failed, with the reason the Inbox shows), never thrown.
 */
export async function sendMail(
  env: Pick<AppEnv, "MAILCHANNELS_API_KEY" | "MAIL_TIMEOUT_MS" | "MAILCHANNELS_URL">,
  email: MailChannelsRequest,
  what: string,
): Promise<DeliveryOutcome> {
  const key = env.MAILCHANNELS_API_KEY;
  if (!key) {
    console.log(`[mail] MAILCHANNELS_API_KEY is not set; ${what} logged instead of sent:`);
    const attachments = email.attachments?.map(({ filename, type }) => ({ filename, type }));
    console.log(JSON.stringify({ ...email, content: [email.content[0]], attachments }, null, 2));
    return { status: "logged" };
  }
  try {
    await sendEmail(email, key, env.MAIL_TIMEOUT_MS, env.MAILCHANNELS_URL);
    return { status: "sent" };
  } catch (error) {
    return { status: "failed", error: failureReason(error) };
  }
}
