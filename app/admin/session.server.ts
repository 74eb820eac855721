// The admin's two cookies, both signed (HMAC SHA-256 with SESSION_SECRET; the first key signs, all
// verify, so keys can be rotated): the session, which names a session row in D1, and the device, which
// names this browser's row in admin_devices for much longer. The server decides who is admin on every
// request; nothing in browser storage counts.
import { createCookie, createCookieSessionStorage, type AppLoadContext } from "@remix-run/cloudflare";
import { addDevice, DEVICE_MAX_AGE_SECONDS, knownDevice, removeAllDevices, removeDevice } from "~/admin/devices.server";
import type { AdminDevice, AdminSession } from "~/admin/schema";
import { activeSession, endSession, SESSION_MAX_MS, startSession } from "~/admin/sessions.server";
import { cookieName, isLocalHttp } from "~/platform/cookie-names";
import { db } from "~/platform/db.server";

/** The signed session cookie holds only the id of the session's row in D1 (app/admin/sessions.server.ts). */
type SessionData = { sid: string };

/** A device this browser's cookie names, and the token that cookie carries. */
export type KnownDevice = { device: AdminDevice; token: string };

function cookieOptions(request: Request, context: AppLoadContext) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: !isLocalHttp(request),
    secrets: context.env.SESSION_SECRET,
  };
}

function sessionStorageFor(request: Request, context: AppLoadContext) {
  return createCookieSessionStorage<SessionData>({
    // The server ends a session sooner when it goes unused; the browser keeps it as long as it can last.
    cookie: { name: cookieName("session", request), ...cookieOptions(request, context), maxAge: SESSION_MAX_MS / 1000 },
  });
}

function deviceCookieFor(request: Request, context: AppLoadContext) {
  return createCookie(cookieName("device", request), {
    ...cookieOptions(request, context),
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}

/** The admin session the request's signed cookie names, while its row exists and it has not ended. */
export async function currentSession(request: Request, context: AppLoadContext): Promise<AdminSession | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(cookieName("session", request))) return null;
  const sid = (await sessionStorageFor(request, context).getSession(cookie)).get("sid");
  if (typeof sid !== "string" || sid === "") return null;
  return activeSession(db(context.cloudflare.env), sid);
}

/** True when the request carries the cookie of a session that has not been signed out or ended. */
export async function isAdmin(request: Request, context: AppLoadContext): Promise<boolean> {
  return (await currentSession(request, context)) !== null;
}

/** The known device this browser's signed cookie names, while it has not been removed. */
export async function thisDevice(request: Request, context: AppLoadContext): Promise<KnownDevice | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(cookieName("device", request))) return null;
  const value: unknown = await deviceCookieFor(request, context).parse(cookie);
  const token = (value as { token?: unknown } | null)?.token;
  if (typeof token !== "string" || token === "") return null;
  const device = await knownDevice(db(context.cloudflare.env), token);
  return device ? { device, token } : null;
}

/**
 * The Set-Cookie headers that sign this browser in as the admin: a new session row, on this browser's
 * known device or on a new one, whose cookie is issued again for its full life.
 */
export async function createAdminSession(
  request: Request,
  context: AppLoadContext,
  known: KnownDevice | null,
  devicePasskeyId: string | null = null,
): Promise<Headers> {
  const database = db(context.cloudflare.env);
  const { device, token } = known ?? (await addDevice(database, request.headers.get("User-Agent")));
  const storage = sessionStorageFor(request, context);
  // Signing in again on a signed-in browser (to prove it is her) ends the session it replaces.
  const replaces = (await storage.getSession(request.headers.get("Cookie"))).get("sid");
  const session = await storage.getSession();
  session.set("sid", await startSession(database, device.id, { devicePasskeyId, replaces }));
  const headers = new Headers();
  headers.append("Set-Cookie", await storage.commitSession(session));
  headers.append("Set-Cookie", await deviceCookieFor(request, context).serialize({ token }));
  return headers;
}

/** Logout: ends this browser's session (a copy of its cookie stops working) and clears its cookie; the device stays known. */
export async function destroyAdminSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorageFor(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const sid = session.get("sid");
  if (typeof sid === "string" && sid !== "") await endSession(db(context.cloudflare.env), sid);
  return storage.destroySession(session);
}

/** Both cookies cleared: this browser is signed out and no longer known. */
async function forgetThisBrowser(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyAdminSession(request, context));
  headers.append("Set-Cookie", await deviceCookieFor(request, context).serialize("", { maxAge: 0 }));
  return headers;
}

/** Every device and session ends, this browser's too, and its cookies are cleared (Sign Out Everywhere). */
export async function forgetEveryDevice(request: Request, context: AppLoadContext): Promise<Headers> {
  await removeAllDevices(db(context.cloudflare.env));
  return forgetThisBrowser(request, context);
}

/**
 * Removes a device from the list: it is no longer known and its sessions end. The Set-Cookie headers
 * clear this browser's cookies when it was this browser.
 */
export async function removeDeviceFor(
  request: Request,
  context: AppLoadContext,
  session: AdminSession | undefined,
  deviceId: string,
): Promise<Headers> {
  await removeDevice(db(context.cloudflare.env), deviceId);
  return session?.deviceId === deviceId ? forgetThisBrowser(request, context) : new Headers();
}
