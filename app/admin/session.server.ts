// The admin session: a signed cookie (HMAC SHA-256 with SESSION_SECRET; the first key signs, all
// verify, so keys can be rotated) that names a session row in D1. The server decides who is admin on
// every request; nothing in browser storage counts.
import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/cloudflare";
import type { AdminSession } from "~/admin/schema";
import { activeSession, endSession, SESSION_MAX_AGE_SECONDS, startSession } from "~/admin/sessions.server";
import { db } from "~/platform/db.server";

export const SESSION_COOKIE = "__session";

/** The signed cookie holds only the id of the session's row in D1 (app/admin/sessions.server.ts). */
type SessionData = { sid: string };

/** Plain http is allowed only on this machine (wrangler dev); everywhere else the cookie is Secure. */
function isLocalHttp(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function storageFor(request: Request, context: AppLoadContext) {
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: !isLocalHttp(request),
      secrets: context.env.SESSION_SECRET,
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}

/** The admin session the request's signed cookie names, while its row exists and it has not expired. */
export async function currentSession(request: Request, context: AppLoadContext): Promise<AdminSession | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(SESSION_COOKIE)) return null;
  const sid = (await storageFor(request, context).getSession(cookie)).get("sid");
  if (typeof sid !== "string" || sid === "") return null;
  return activeSession(db(context.cloudflare.env), sid);
}

/** True when the request carries the cookie of a session that has not been signed out or expired. */
export async function isAdmin(request: Request, context: AppLoadContext): Promise<boolean> {
  return (await currentSession(request, context)) !== null;
}

/** The Set-Cookie header value that signs this browser in as the admin (a new session row). */
export async function createAdminSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = storageFor(request, context);
  const session = await storage.getSession();
  session.set("sid", await startSession(db(context.cloudflare.env), request.headers.get("User-Agent")));
  return storage.commitSession(session);
}

/** Ends this browser's session (its row too, so a copy of the cookie stops working) and clears the cookie. */
export async function destroyAdminSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = storageFor(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const sid = session.get("sid");
  if (typeof sid === "string" && sid !== "") await endSession(db(context.cloudflare.env), sid);
  return storage.destroySession(session);
}
