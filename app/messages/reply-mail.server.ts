// The artist's reply as the visitor receives it: from the site's address under the artist's name, Reply-To
// the artist, the visitor's words quoted below and, for an enquiry, the artwork linked. Built only; it is
// sent and recorded by app/messages/deliver.server.ts.
import { artworkPath } from "~/artworks/path";
import type { AppEnv } from "~/platform/env.server";
import { absoluteUrl } from "~/ui/seo";
import { formatDateTime } from "~/ui/dates";
import { SITE } from "~/ui/site";
import {
  artworkTitleOf,
  escapeHtml,
  htmlDocument,
  parseMailbox,
  visitorOf,
  type MailChannelsRequest,
} from "~/messages/mail.server";
import type { Message, Reply } from "~/messages/schema";

export function composeReply(reply: Reply, message: Message, env: AppEnv): MailChannelsRequest {
  const visitor = visitorOf(message);
  const artist = { email: env.CONTACT_RECIPIENT, name: SITE.artistName };
  const title = artworkTitleOf(message);
  const link =
    message.kind === "enquiry" && message.artworkId
      ? absoluteUrl(env.SITE_URL, artworkPath(message.artworkId))
      : undefined;
  const optionLine = message.artworkOption ? [`Option: ${message.artworkOption}`] : [];
  const wrote = `On ${formatDateTime(message.createdAt)}, ${visitor.name} wrote:`;
  const quoted = message.message.split("\n").map((line) => `> ${line}`);
  const text = [
    reply.body,
    "",
    ...(message.kind === "enquiry" ? [`Artwork: ${title}${link ? ` (${link})` : ""}`, ...optionLine, ""] : []),
    wrote,
    ...quoted,
  ].join("\n");
  const artworkHtml =
    message.kind === "enquiry"
      ? `<p>Artwork: ${link ? `<a href="${escapeHtml(link)}">${escapeHtml(title)}</a>` : escapeHtml(title)}</p>` +
        optionLine.map((line) => `<p>${escapeHtml(line)}</p>`).join("")
      : "";
  const html = htmlDocument(
    `<p style="white-space:pre-wrap">${escapeHtml(reply.body)}</p>${artworkHtml}<p>${escapeHtml(wrote)}</p>` +
      `<blockquote style="margin:0 0 0 8px;padding-left:12px;border-left:3px solid #d8d0c4;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>`,
  );
  return {
    personalizations: [{ to: [visitor] }],
    // The site's own address sends (its domain is the one MailChannels may send for); answers go to the artist.
    from: { email: parseMailbox(env.MAIL_FROM).email, name: SITE.artistName },
    reply_to: artist,
    subject:
      message.kind === "enquiry"
        ? `Re: Your enquiry about "${title}"`
        : message.kind === "commission"
          ? `Re: Your commission request to ${SITE.artistName}`
          : `Re: Your message to ${SITE.artistName}`,
    content: [
      { type: "text/plain", value: text },
      { type: "text/html", value: html },
    ],
  };
}
