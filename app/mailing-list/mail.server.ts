// The mailing list's e-mails. Every one carries the way to leave: List-Unsubscribe with
// List-Unsubscribe-Post (RFC 8058, one click in the mail app) and a visible link to the preferences page.
import type { AppEnv } from "~/platform/env.server";
import { escapeHtml, htmlDocument, parseMailbox, type MailChannelsRequest } from "~/messages/mail.server";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { confirmPath, leavePath, preferencesPath } from "~/mailing-list/path";
import { CONFIRM_DAYS } from "~/mailing-list/links.server";

type Links = { confirmToken: string; manageToken: string };

/** The headers that let a mail app offer "Unsubscribe": a POST to the leave address leaves at once. */
export function unsubscribeHeaders(env: Pick<AppEnv, "SITE_URL">, manageToken: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${absoluteUrl(env.SITE_URL, leavePath(manageToken))}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The e-mail that asks the owner of an address to confirm it: nothing is sent them again until they do. */
export function confirmationEmail(
  env: Pick<AppEnv, "SITE_URL" | "MAIL_FROM">,
  email: string,
  links: Links,
): MailChannelsRequest {
  const confirm = absoluteUrl(env.SITE_URL, confirmPath(links.confirmToken));
  const preferences = absoluteUrl(env.SITE_URL, preferencesPath(links.manageToken));
  const intro = `Someone, hopefully you, asked to hear about new work and events from ${SITE.brand} at this address.`;
  const ask = `To start, confirm within ${CONFIRM_DAYS} days:`;
  const ignore = "If it was not you, ignore this e-mail: nothing more will be sent to you.";
  return {
    personalizations: [{ to: [{ email }] }],
    from: parseMailbox(env.MAIL_FROM),
    subject: `Please confirm your subscription to ${SITE.brand}`,
    headers: unsubscribeHeaders(env, links.manageToken),
    content: [
      {
        type: "text/plain",
        value: [intro, "", ask, confirm, "", ignore, "", `Your preferences: ${preferences}`].join("\n"),
      },
      {
        type: "text/html",
        value: htmlDocument(
          `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(confirm)}">Confirm my subscription</a></p>` +
            `<p>${escapeHtml(ignore)}</p><p style="font-size:13px"><a href="${escapeHtml(preferences)}">Preferences or leave</a></p>`,
        ),
      },
    ],
  };
}
