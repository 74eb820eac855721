// An announcement's e-mail: one template for every recipient of a part, filled by MailChannels from each
// personalization's data (mustache), so one call carries up to ANNOUNCE_PART_SIZE people, each with only
// what their preferences ask for and their own way to leave. Everything the artist typed travels as data,
// never as template, so a "{{" in her line is text. The preview renders the same template here.
import Mustache from "mustache";
import type { AppEnv } from "~/platform/env.server";
import { parseMailbox, type MailChannelsRequest, type Personalization } from "~/messages/mail.server";
import { imageSrc } from "~/images/references";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { preferencesPath } from "~/mailing-list/path";
import { unsubscribeHeaders } from "~/mailing-list/mail.server";
import type { Announcement, AnnouncedArtwork, AnnouncedEvent, Preferences } from "~/mailing-list/schema";

type Item = { title: string; url: string; image: string | null; detail: string };

/** What one recipient's e-mail shows: filled into the template by MailChannels (or by the preview). */
export type AnnouncementData = {
  line: string;
  artworks: Item[];
  events: Item[];
  hasArtworks: boolean;
  hasEvents: boolean;
  preferences: string;
  site: string;
};

/** What of an announcement a subscriber asked for: new work in their kinds (or all), events if they want them. */
export function itemsFor(
  announcement: Pick<Announcement, "artworks" | "events">,
  preferences: Preferences,
): { artworks: AnnouncedArtwork[]; events: AnnouncedEvent[] } {
  const artworks = preferences.newWork
    ? announcement.artworks.filter(
        (artwork) =>
          preferences.categories.length === 0 ||
          artwork.categories.some((category) => preferences.categories.includes(category)),
      )
    : [];
  return { artworks, events: preferences.events ? announcement.events : [] };
}

const absolute = (env: Pick<AppEnv, "SITE_URL">, path: string) => absoluteUrl(env.SITE_URL, path);

/** One recipient's data; null when the announcement holds nothing they asked for. */
export function announcementData(
  env: Pick<AppEnv, "SITE_URL">,
  announcement: Pick<Announcement, "line" | "artworks" | "events">,
  preferences: Preferences,
  manageToken: string,
): AnnouncementData | null {
  const { artworks, events } = itemsFor(announcement, preferences);
  if (artworks.length === 0 && events.length === 0) return null;
  const item = (title: string, path: string, image: string | null, detail: string): Item => ({
    title,
    url: absolute(env, path),
    image: image ? absolute(env, imageSrc(image)) : null,
    detail,
  });
  return {
    line: announcement.line,
    artworks: artworks.map((each) => item(each.title, each.path, each.image, each.detail)),
    events: events.map((each) => item(each.name, each.path, each.image, each.detail)),
    hasArtworks: artworks.length > 0,
    hasEvents: events.length > 0,
    preferences: absolute(env, preferencesPath(manageToken)),
    site: absolute(env, "/"),
  };
}

/** "New work from …", "Events from …" or both, as the recipient's e-mail holds. */
export function announcementSubject(data: Pick<AnnouncementData, "hasArtworks" | "hasEvents">): string {
  const what = data.hasArtworks && data.hasEvents ? "New work and events" : data.hasArtworks ? "New work" : "Events";
  return `${what} from ${SITE.brand}`;
}

// Triple braces in the text part: plain text is not HTML-escaped.
const TEXT = [
  "{{{line}}}",
  "{{#hasArtworks}}",
  "",
  "NEW WORK",
  "{{#artworks}}",
  "{{{title}}}: {{{detail}}}",
  "{{{url}}}",
  "{{/artworks}}",
  "{{/hasArtworks}}",
  "{{#hasEvents}}",
  "",
  "EVENTS",
  "{{#events}}",
  "{{{title}}}: {{{detail}}}",
  "{{{url}}}",
  "{{/events}}",
  "{{/hasEvents}}",
  "",
  "--",
  `You receive this because you asked to hear from ${SITE.brand} ({{{site}}}).`,
  "Change what you hear about, or leave: {{{preferences}}}",
].join("\n");

const card = (heading: string, list: string) =>
  `{{#has${list}}}<h2 style="font-size:20px;margin:28px 0 12px">${heading}</h2>{{#${list.toLowerCase()}}}` +
  `<div style="margin:0 0 24px">{{#image}}<a href="{{url}}"><img src="{{image}}" alt="{{title}}" width="560" ` +
  `style="display:block;width:100%;max-width:560px;height:auto;border:0;border-radius:6px"></a>{{/image}}` +
  `<p style="margin:10px 0 0;font-size:18px"><a href="{{url}}" style="color:#7a3e1d">{{title}}</a></p>` +
  `<p style="margin:4px 0 0;color:#5c554e">{{detail}}</p></div>{{/${list.toLowerCase()}}}{{/has${list}}}`;

const HTML =
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${SITE.brand}</title></head>` +
  `<body style="margin:0;background:#faf7f2;font-family:system-ui,sans-serif;color:#1f1c19;font-size:16px;line-height:1.5">` +
  `<div style="max-width:600px;margin:0 auto;padding:20px 16px">` +
  `<p style="margin:0 0 8px;font-size:14px;color:#5c554e">${SITE.brand}</p>` +
  `<p style="margin:0;font-size:18px;white-space:pre-wrap">{{line}}</p>` +
  card("New work", "Artworks") +
  card("Events", "Events") +
  `<hr style="border:0;border-top:1px solid #ddd5ca;margin:28px 0 12px">` +
  `<p style="font-size:13px;color:#5c554e">You receive this because you asked to hear from ` +
  `<a href="{{site}}" style="color:#5c554e">${SITE.brand}</a>. ` +
  `<a href="{{preferences}}" style="color:#5c554e">Change what you hear about, or leave</a>.</p>` +
  `</div></body></html>`;

/** The e-mail of one part: one personalization per recipient, each with its subject, its leave headers and its data. */
export function announcementEmail(
  env: Pick<AppEnv, "SITE_URL" | "MAIL_FROM">,
  recipients: Array<{ email: string; data: AnnouncementData; manageToken: string }>,
): MailChannelsRequest {
  const personalizations: Personalization[] = recipients.map(({ email, data, manageToken }) => ({
    to: [{ email }],
    subject: announcementSubject(data),
    headers: unsubscribeHeaders(env, manageToken),
    dynamic_template_data: data,
  }));
  return {
    personalizations,
    from: parseMailbox(env.MAIL_FROM),
    subject: `News from ${SITE.brand}`,
    content: [
      { type: "text/plain", value: TEXT, template_type: "mustache" },
      { type: "text/html", value: HTML, template_type: "mustache" },
    ],
  };
}

/** The HTML one recipient reads, rendered as MailChannels renders it: the artist's preview. */
export function renderAnnouncementHtml(data: AnnouncementData): string {
  return Mustache.render(HTML, data);
}

/** The text part one recipient reads. */
export function renderAnnouncementText(data: AnnouncementData): string {
  return Mustache.render(TEXT, data);
}
