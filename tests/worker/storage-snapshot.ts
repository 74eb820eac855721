// Everything the app has stored, as one string: equal snapshots before and after a request mean it
// wrote nothing (no row in any table, no object in R2).
import { env } from "cloudflare:workers";

const INTERNAL_TABLES = "name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'";
const DELIVERY_COLUMNS = ["status", "attempts", "last_error", "last_attempt_at"];
// The site's own bookkeeping, which a refused request is meant to write: a wrong passkey counts against
// the sign-in budget, and a session's and its device's last-seen time move as it is used. A new session
// or device still shows.
const BOOKKEEPING: Record<string, string[] | "all"> = {
  sign_in_failures: "all",
  admin_sessions: ["last_seen_at"],
  admin_devices: ["last_seen_at"],
};

/**
 * Every row of every app table and every R2 key with its etag. `ignoreDelivery` leaves out how far a
 * stored message's e-mail has got: delivery runs after the response (waitUntil) and may land later.
 */
export async function snapshotStorage({
  ignoreDelivery = false,
  skipTables = [],
}: { ignoreDelivery?: boolean; skipTables?: string[] } = {}): Promise<string> {
  const { results: tables } = await env.DB.prepare(
    `select name from sqlite_master where type = 'table' and ${INTERNAL_TABLES} order by name`,
  ).all<{ name: string }>();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const ignored = ignoreDelivery && name === "messages" ? DELIVERY_COLUMNS : (BOOKKEEPING[name] ?? []);
    if (ignored === "all" || skipTables.includes(name)) continue;
    const { results } = await env.DB.prepare(`select * from "${name}" order by rowid`).all<Record<string, unknown>>();
    rows[name] = results.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !ignored.includes(column))),
    );
  }
  const objects: string[] = [];
  let cursor: string | undefined;
  do {
    const listing = await env.IMAGES.list({ cursor });
    objects.push(...listing.objects.map((object) => `${object.key} ${object.etag}`));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return JSON.stringify({ rows, objects });
}
