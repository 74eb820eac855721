// Each device passkey added or removed: a row the Device passkeys page lists, and an e-mail to the artist
// as it happens (name, the browser it was done from, when, a link to the page). A passkey she did not add
// is the one sign that someone had her session for a minute, so she hears of it at once. The row is
// written in the same batch as the change itself; the e-mail follows the response, and a failed one is
// logged (the page still lists the change).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, lte } from "drizzle-orm";
import { devicePasskeyChanges, type DevicePasskeyChange } from "~/admin/schema";
import { noticeToArtist, type ArtistNotice } from "~/messages/deliver.server";
import type { Database } from "~/platform/db.server";
import { formatDateTime } from "~/ui/dates";
import { absoluteUrl } from "~/ui/seo";
import { SITE } from "~/ui/site";

export type PasskeyChange = Omit<DevicePasskeyChange, "id">;

/** How long a change stays listed. */
const KEPT_MS = 400 * 24 * 60 * 60_000;
/** How many the page lists, newest first. */
export const CHANGES_LISTED = 20;

/** The statements that record `changes` (to run in the batch that makes them) and forget year-old ones. */
export function recordChanges(database: Database, changes: PasskeyChange[], now = Date.now()) {
  return [
    database.delete(devicePasskeyChanges).where(lte(devicePasskeyChanges.at, now - KEPT_MS)),
    ...changes.map((change) => database.insert(devicePasskeyChanges).values(change)),
  ] as const;
}

/** The latest changes, newest first. */
export function listChanges(database: Database) {
  return database
    .select()
    .from(devicePasskeyChanges)
    .orderBy(desc(devicePasskeyChanges.at), desc(devicePasskeyChanges.id))
    .limit(CHANGES_LISTED);
}

const quoted = (change: PasskeyChange) => `"${change.passkeyName.replace(/[\r\n]+/g, " ")}"`;

/** What the artist is told of `changes` (made together, from one browser). */
export function changeNotice(changes: PasskeyChange[], siteUrl: string): ArtistNotice {
  const [first] = changes as [PasskeyChange, ...PasskeyChange[]];
  const page = absoluteUrl(siteUrl, "/device-passkeys");
  const many = changes.length > 1;
  return {
    subject: many
      ? `All ${changes.length} device passkeys removed`
      : `Device passkey ${first.change}: ${quoted(first)}`,
    intro: `Hello ${SITE.artistName}, ${
      many ? `all ${changes.length} device passkeys were removed` : `a device passkey was ${first.change}`
    } on ${SITE.brand}'s admin.`,
    rows: [
      ...changes.map((change): [string, string] => [
        change.change === "added" ? "Added" : "Removed",
        change.passkeyName,
      ]),
      ["From", first.device],
      ["When", `${formatDateTime(new Date(first.at).toISOString())} (UK time)`],
      ["Device passkeys", page, page],
    ],
    outro:
      first.change === "added"
        ? "If this was not you, remove it on the Device passkeys page at once, then use Sign Out Everywhere on the dashboard."
        : "If this was not you, sign in and use Sign Out Everywhere on the dashboard.",
  };
}

/** E-mails the artist of `changes` once the response has gone. */
export function tellArtist(context: AppLoadContext, changes: PasskeyChange[]): void {
  if (changes.length === 0) return;
  noticeToArtist(context.env, changeNotice(changes, context.env.SITE_URL), context.cloudflare.ctx);
}
