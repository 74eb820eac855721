// The admin session: a signed cookie (HMAC SHA-256 with SESSION_SECRET; the first key signs, all
// verify, so keys can be rotated). The server decides who is admin on every request; nothing in
// browser storage counts.
import { createCookieSessionStorage, data, type AppLoadContext } from "@remix-run/cloudflare";

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

/** Thrown by requireAdmin: an admin action without a session changes nothing and answers 401. */
export const NOT_SIGNED_IN = "You are not signed in. Please sign in on the dashboard and try again.";

/** Runs first in every admin action; throws a 401 response unless the request carries an admin session. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<void> {
  if (!(await isAdmin(request, context))) {
    throw data({ ok: false as const, errors: {}, values: {}, formError: NOT_SIGNED_IN }, { status: 401 });
  }
}

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}

/**
 * Compares a typed passkey with the secret in constant time. Both sides are hashed first so the
 * comparison always runs over 32 bytes, whatever their lengths. workerd has timingSafeEqual; the
 * Node-based Vite dev server does not, so a branch-free loop stands in there.
 */
export async function passkeyMatches(typed: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(typed), sha256(secret)]);
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (x: ArrayBuffer, y: ArrayBuffer) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a, b);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

/** The client's IP as Cloudflare reports it; one shared bucket when absent (local tools). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

export const INCORRECT_PASSKEY = "Incorrect passkey. Please try again.";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

/**
 * Counts a sign-in attempt against the client's IP (Rate Limiting binding, 5 a minute). Every attempt
 * counts, not only failed ones: otherwise the attempt after the limit would still be checked.
 */
export async function signInAllowed(request: Request, context: AppLoadContext): Promise<boolean> {
  const { success } = await context.cloudflare.env.LOGIN_LIMITER.limit({ key: `login:${clientIp(request)}` });
  return success;
}

/** A refused admin form: the action returns this, so the form shows the message next to what was typed. */
function refusal(status: 401 | 429, formError: string) {
  return data({ ok: false as const, errors: {} as Record<string, string>, values: {}, formError }, { status });
}

export type AdminFormAuthorization =
  { ok: true; setCookie?: string } | { ok: false; refusal: ReturnType<typeof refusal> };

/**
 * Authorises an admin form that also carries the spec's Passkey field. A signed-in admin passes. A
 * signed-out visitor passes with the right passkey, which also signs them in (`setCookie` goes on the
 * response); a wrong one is refused with `wrongPasskeyMessage` (401), too many attempts with 429.
 * A refused action must return `refusal` before changing anything.
 */
export async function authorizeAdminForm(
  request: Request,
  context: AppLoadContext,
  passkey: FormDataEntryValue | null,
  wrongPasskeyMessage: string,
): Promise<AdminFormAuthorization> {
  if (await isAdmin(request, context)) return { ok: true };
  if (typeof passkey !== "string" || passkey === "") return { ok: false, refusal: refusal(401, NOT_SIGNED_IN) };
  if (!(await signInAllowed(request, context))) return { ok: false, refusal: refusal(429, TOO_MANY_ATTEMPTS) };
  if (!(await passkeyMatches(passkey, context.env.ADMIN_PASSKEY))) {
    return { ok: false, refusal: refusal(401, wrongPasskeyMessage) };
  }
  return { ok: true, setCookie: await createAdminSession(request, context) };
}

/** Response headers that carry a new session cookie, when there is one. */
export function sessionHeaders(setCookie: string | undefined): HeadersInit | undefined {
  return setCookie ? { "Set-Cookie": setCookie } : undefined;
}

/** Where to go after signing in: a path on this site only (never another origin), else the dashboard. */
export function safeNextPath(next: string | undefined): string {
  if (!next || !/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/.test(next) || next.startsWith("//")) return "/dashboard";
  const base = "http://site.invalid";
  const url = new URL(next, base);
  return url.origin === base ? `${url.pathname}${url.search}` : "/dashboard";
}
