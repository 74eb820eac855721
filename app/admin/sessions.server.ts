// The server's record of admin sessions (D1), which the signed cookie points to. A session slides: it
// stays valid while it is used at least once every SESSION_IDLE_MS, and ends SESSION_MAX_MS after sign-in
// whatever the use. Logout deletes its row; removing its device (app/admin/devices.server.ts), or the
// device passkey that signed it in, ends it too (by cascade).
import { and, eq, gt, lte, or } from "drizzle-orm";
import { adminDevices, adminSessions, type AdminSession } from "~/admin/schema";
import type { Database } from "~/platform/db.server";
import { FRESH_SIGN_IN_MS } from "~/admin/fresh-sign-in";

const DAY_MS = 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_MAX_MS = 90 * DAY_MS;
// Last seen is written at most this often, so browsing the dashboard is not a D1 write per request.
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** 256 random bits, URL-safe: a session id, or a device's token. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const alive = (now: number) =>
  and(gt(adminSessions.lastSeenAt, now - SESSION_IDLE_MS), gt(adminSessions.createdAt, now - SESSION_MAX_MS));

/** Whether `session` was signed in within FRESH_SIGN_IN_MS: signing in again starts a new session. */
export function signedInRecently(session: AdminSession, now = Date.now()): boolean {
  return now - session.createdAt <= FRESH_SIGN_IN_MS;
}

/**
 * Records a new session on a known device (signed in by `devicePasskeyId`, or the shared passkey), ends
 * the one it replaces on this browser, and forgets ended ones. Its id.
 */
export async function startSession(
  database: Database,
  deviceId: string,
  {
    devicePasskeyId = null,
    replaces,
    now = Date.now(),
  }: { devicePasskeyId?: string | null; replaces?: string; now?: number } = {},
): Promise<string> {
  const id = randomToken();
  await database.batch([
    database.insert(adminSessions).values({ id, deviceId, createdAt: now, lastSeenAt: now, devicePasskeyId }),
    ...(replaces ? [database.delete(adminSessions).where(eq(adminSessions.id, replaces))] : []),
    database.update(adminDevices).set({ lastSeenAt: now }).where(eq(adminDevices.id, deviceId)),
    database
      .delete(adminSessions)
      .where(
        or(lte(adminSessions.lastSeenAt, now - SESSION_IDLE_MS), lte(adminSessions.createdAt, now - SESSION_MAX_MS)),
      ),
  ]);
  return id;
}

/** The session `id` names, while it has not ended; notes that it (and its device) was used. */
export async function activeSession(database: Database, id: string, now = Date.now()): Promise<AdminSession | null> {
  const session = await database
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.id, id), alive(now)))
    .get();
  if (!session) return null;
  if (now - session.lastSeenAt >= LAST_SEEN_EVERY_MS) {
    await database.batch([
      database.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id)),
      database.update(adminDevices).set({ lastSeenAt: now }).where(eq(adminDevices.id, session.deviceId)),
    ]);
  }
  return session;
}

/** Logout: the session ends; its device stays known. */
export async function endSession(database: Database, id: string): Promise<void> {
  await database.delete(adminSessions).where(eq(adminSessions.id, id));
}
