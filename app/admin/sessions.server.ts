// The server's record of admin sessions (D1), which the signed cookie points to. A session is valid
// while its row exists and it is younger than SESSION_MAX_AGE_SECONDS; signing out deletes the row,
// "Sign out everywhere" deletes them all.
import { and, desc, eq, gt, lte } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { adminSessions, type AdminSession } from "~/admin/schema";
import type { Database } from "~/platform/db.server";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
// Last seen is written at most this often, so browsing the dashboard is not a D1 write per request.
const LAST_SEEN_EVERY_MS = 5 * 60_000;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

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

/** Records a new session for the browser sending `request`, and forgets expired ones. Its id. */
export async function startSession(database: Database, userAgent: string | null, now = Date.now()): Promise<string> {
  const id = newSessionId();
  await database.batch([
    database.insert(adminSessions).values({ id, device: deviceOf(userAgent), createdAt: now, lastSeenAt: now }),
    database.delete(adminSessions).where(lte(adminSessions.createdAt, now - SESSION_MAX_AGE_SECONDS * 1000)),
  ]);
  return id;
}

/** The session `id` names, when it exists and has not expired; notes that it was seen. */
export async function activeSession(database: Database, id: string, now = Date.now()): Promise<AdminSession | null> {
  const session = await database
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.id, id), gt(adminSessions.createdAt, now - SESSION_MAX_AGE_SECONDS * 1000)))
    .get();
  if (!session) return null;
  if (now - session.lastSeenAt >= LAST_SEEN_EVERY_MS) {
    await database.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
  }
  return session;
}

/** Every session still valid, most recently seen first. */
export async function listSessions(database: Database, now = Date.now()): Promise<AdminSession[]> {
  return database
    .select()
    .from(adminSessions)
    .where(gt(adminSessions.createdAt, now - SESSION_MAX_AGE_SECONDS * 1000))
    .orderBy(desc(adminSessions.lastSeenAt));
}

export async function endSession(database: Database, id: string): Promise<void> {
  await database.delete(adminSessions).where(eq(adminSessions.id, id));
}

export async function endAllSessions(database: Database): Promise<void> {
  await database.delete(adminSessions);
}
