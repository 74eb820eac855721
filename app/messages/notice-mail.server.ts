// The mailer of notices: an e-mail to the artist about something done on her site (a device passkey
// added or removed), built from what the caller says of it. Like the other mailers it reads and writes
// nothing; app/messages/deliver.server.ts sends it.
import {
  escapeHtml,
  htmlDocument,
  parseMailbox,
  rowsHtml,
  rowsText,
  type MailChannelsRequest,
} from "~/messages/mail.server";
import type { AppEnv } from "~/platform/env.server";
import { SITE } from "~/ui/site";

/** What a notice says: its subject, a first line, the facts (label, value, and a link when there is one), a last line. */
export type ArtistNotice = {
  subject: string;
  intro: string;
  rows: Array<[label: string, value: string, href?: string]>;
  outro: string;
};

/** The notice as an e-mail to the artist (CONTACT_RECIPIENT), from the site's address. */
export function composeNotice(notice: ArtistNotice, env: AppEnv): MailChannelsRequest {
  const { subject, intro, rows, outro } = notice;
  return {
    personalizations: [{ to: [{ email: env.CONTACT_RECIPIENT, name: SITE.artistName }] }],
    from: parseMailbox(env.MAIL_FROM),
    subject,
    content: [
      { type: "text/plain", value: [intro, "", ...rowsText(rows), "", outro].join("\n") },
      {
        type: "text/html",
        value: htmlDocument(`<p>${escapeHtml(intro)}</p>${rowsHtml(rows)}<p>${escapeHtml(outro)}</p>`),
      },
    ],
  };
}
