// The browsers where the admin has signed in. Each keeps a signed cookie with a random token for much
// longer than a session lasts; D1 keeps the token's hash. While strangers have paused sign-in, the right
// passkey from such a browser still signs in (app/admin/sign-in.server.ts), so the artist is never locked
// out by someone else's guessing. Removing the row ends the device and, by cascade, its sessions.
import { desc, eq, gt, lte, sql } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { adminDevices, adminSessions, type AdminDevice } from "~/admin/schema";
import { randomToken, SESSION_IDLE_MS, SESSION_MAX_MS } from "~/admin/sessions.server";
import type { Database } from "~/platform/db.server";

/** The device cookie's life, renewed at every sign-in: the longest a browser keeps a cookie (Chrome's cap). */
export const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

// The parser's names, as people say them.
const SAID: Record<string, string> = { "Mac OS": "macOS", "Mobile Safari": "Safari", "Mobile Firefox": "Firefox" };

/** "Chrome on Android", "Safari on iOS"; "A browser" when the User-Agent says nothing useful. */
export function deviceOf(userAgent: string | null): string {
  const parsed = new UAParser(userAgent ?? "").getResult();
  const said = (name: string | undefined) => (name ? (SAID[name] ?? name) : undefined);
  const browser = said(parsed.browser.name);
  const system = said(parsed.os.name);
  if (browser && system) return `${browser} on ${system}`.slice(0, 100);
  return (browser ?? system ?? "A browser").slice(0, 100);
}

/** The row id of a device token. */
async function idOf(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The device a token names, while its row exists and its cookie can still be alive. */
export async function knownDevice(database: Database, token: string, now = Date.now()): Promise<AdminDevice | null> {
  const device = await database
    .select()
    .from(adminDevices)
    .where(eq(adminDevices.id, await idOf(token)))
    .get();
  return device && device.lastSeenAt > now - DEVICE_MAX_AGE_SECONDS * 1000 ? device : null;
}

/** Records a new device for the browser sending `userAgent`, and forgets those whose cookie has expired. */
export async function addDevice(
  database: Database,
  userAgent: string | null,
  now = Date.now(),
): Promise<{ device: AdminDevice; token: string }> {
  const token = randomToken();
  const device = { id: await idOf(token), name: deviceOf(userAgent), createdAt: now, lastSeenAt: now };
  await database.batch([
    database.insert(adminDevices).values(device),
    database.delete(adminDevices).where(lte(adminDevices.lastSeenAt, now - DEVICE_MAX_AGE_SECONDS * 1000)),
  ]);
  return { device, token };
}

/** What Signed-in Devices calls the device `id` ("Chrome on Android"); "A browser" once it is gone. */
export async function deviceName(database: Database, id: string): Promise<string> {
  const device = await database
    .select({ name: adminDevices.name })
    .from(adminDevices)
    .where(eq(adminDevices.id, id))
    .get();
  return device?.name ?? "A browser";
}

/** Every known device, most recently seen first, with whether it is signed in now. */
export async function listDevices(database: Database, now = Date.now()) {
  // Named in full: in a one-table select drizzle writes a column without its table, and an unqualified
  // "id" inside this subquery would be the session's own.
  const signedIn = sql<number>`exists (select 1 from "admin_sessions" where "admin_sessions"."device_id" = "admin_devices"."id"
    and "admin_sessions"."last_seen_at" > ${now - SESSION_IDLE_MS} and "admin_sessions"."created_at" > ${now - SESSION_MAX_MS})`;
  const rows = await database
    .select({
      id: adminDevices.id,
      name: adminDevices.name,
      createdAt: adminDevices.createdAt,
      lastSeenAt: adminDevices.lastSeenAt,
      signedIn,
    })
    .from(adminDevices)
    .where(gt(adminDevices.lastSeenAt, now - DEVICE_MAX_AGE_SECONDS * 1000))
    .orderBy(desc(adminDevices.lastSeenAt));
  return rows.map((row) => ({ ...row, signedIn: Boolean(row.signedIn) }));
}

/** Ends a device: its cookie no longer counts as known, and its sessions end with it. */
export async function removeDevice(database: Database, id: string): Promise<void> {
  await database.delete(adminDevices).where(eq(adminDevices.id, id));
}

/** Ends every device and every session: Sign Out Everywhere. */
export async function removeAllDevices(database: Database): Promise<void> {
  await database.batch([database.delete(adminSessions), database.delete(adminDevices)]);
}
