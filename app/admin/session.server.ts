// The admin session: a signed cookie (HMAC SHA-256 with SESSION_SECRET; the first key signs, all
// verify, so keys can be rotated). The server decides who is admin on every request; nothing in
// browser storage counts.
import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/cloudflare";

export const SESSION_COOKIE = "__session";
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

type SessionData = { admin: true; since: string };

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

/** True when the request carries a valid, unexpired admin session cookie. */
export async function isAdmin(request: Request, context: AppLoadContext): Promise<boolean> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(SESSION_COOKIE)) return false;
  const session = await storageFor(request, context).getSession(cookie);
  if (session.get("admin") !== true) return false;
  // Max-Age only asks the browser to drop the cookie; a copy kept elsewhere would stay valid for ever
  // unless the signed sign-in time is checked here too.
  const age = Date.now() - Date.parse(session.get("since") ?? "");
  return age >= -60_000 && age < SESSION_MAX_AGE_SECONDS * 1000;
}

/** The Set-Cookie header value that signs this browser in as the admin. */
export async function createAdminSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = storageFor(request, context);
  const session = await storage.getSession();
  session.set("admin", true);
  session.set("since", new Date().toISOString());
  return storage.commitSession(session);
}

/** The Set-Cookie header value that signs this browser out. */
export async function destroyAdminSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = storageFor(request, context);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}
