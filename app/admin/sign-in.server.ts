// Signing in with the shared passkey: compared in constant time, limited by the Rate Limiting binding
// (5 a minute per address, or per known device) and by the budgets of wrong passkeys in D1: one for
// strangers, one for each browser where the admin has signed in before.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAdminSession, thisDevice, type KnownDevice } from "~/admin/session.server";
import { countAttempt, forgetAttempt } from "~/admin/sign-in-budget.server";
import { hasDevicePasskey } from "~/admin/device-passkeys.server";
import { db } from "~/platform/db.server";
import { clientNetwork } from "~/platform/client-ip";

export const INCORRECT_PASSKEY = "Incorrect passkey. Please try again.";
export const SHARED_PASSKEY_OFF =
  "The shared passkey is turned off: sign in with a device passkey. To recover without one, set SHARED_PASSKEY_SIGN_IN to on (wrangler.toml) and deploy.";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

/** Told while the budget of wrong passkeys the attempt belongs to is spent: strangers', or this browser's own. */
export function signInPaused(minutes: number, from: "strangers" | "this-device" = "strangers"): string {
  const wait = minutes === 1 ? "1 minute" : `${minutes} minutes`;
  if (from === "this-device") return `Too many wrong passkeys from this browser. Please try again in ${wait}.`;
  return `Sign-in is paused after too many wrong passkeys. Please try again in ${wait}. A browser where you have signed in before can still sign in, and where you are signed in you stay signed in.`;
}

/** Whether shared-passkey sign-in is off: SHARED_PASSKEY_SIGN_IN=off takes effect once a device passkey is registered. */
export async function sharedPasskeyOff(context: AppLoadContext): Promise<boolean> {
  return context.env.SHARED_PASSKEY_SIGN_IN === "off" && (await hasDevicePasskey(context));
}

/** What an admin page's loader answers a visitor without a session: its sign-in screen. */
export async function signedOut(context: AppLoadContext) {
  return { signedIn: false as const, sharedPasskeyOff: await sharedPasskeyOff(context) };
}

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}

/**
 * Compares a typed passkey with the secret in constant time. Both sides are hashed first so the
 * comparison always runs over 32 bytes, whatever their lengths. workerd has timingSafeEqual; the
 * Node-based Vite dev server does not, so a branch-free loop stands in there.
 */
async function passkeyMatches(typed: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(typed), sha256(secret)]);
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (x: ArrayBuffer, y: ArrayBuffer) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a, b);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

/**
 * Counts a sign-in attempt against the client's network, or against the known device it comes from, so
 * that a stranger sharing the artist's network (a hospital's, a café's) cannot use up her attempts.
 * Every attempt counts, not only failed ones: otherwise the attempt after the limit would still be checked.
 */
async function signInAllowed(request: Request, context: AppLoadContext, known: KnownDevice | null): Promise<boolean> {
  const key = known ? `login-device:${known.device.id}` : `login:${clientNetwork(request)}`;
  const { success } = await context.cloudflare.env.LOGIN_LIMITER.limit({ key });
  return success;
}

/**
 * Where to go after signing in: a path on this site only, else the dashboard. The path is judged after
 * the URL parser has normalised it (dot segments removed), since that is what goes into Location: a
 * path that then starts with two slashes would send the browser to another host.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/.test(next)) return "/dashboard";
  const base = "http://site.invalid";
  const url = new URL(next, base);
  if (url.origin !== base || url.pathname.startsWith("//")) return "/dashboard";
  return `${url.pathname}${url.search}`;
}

export type SignInAttempt =
  | { signedIn: true; headers: Headers }
  | { signedIn: false; status: 401; reason: "wrong-passkey" }
  | { signedIn: false; status: 429; reason: "too-many-attempts" | "paused"; message: string }
  | { signedIn: false; status: 403; reason: "shared-passkey-off"; message: string };

/**
 * Checks a typed passkey, counted against the sender's limit and the budget of wrong ones it belongs
 * to (its known device's, else the strangers'): the Set-Cookie headers that sign in, or why not. While
 * that budget is spent even the right passkey is refused, so guessing learns nothing.
 */
export async function signIn(request: Request, context: AppLoadContext, passkey: string): Promise<SignInAttempt> {
  // Refused before anything is counted or compared: with it off, a typed passkey teaches nothing.
  if (await sharedPasskeyOff(context)) {
    return { signedIn: false, status: 403, reason: "shared-passkey-off", message: SHARED_PASSKEY_OFF };
  }
  const known = await thisDevice(request, context);
  if (!(await signInAllowed(request, context, known))) {
    return { signedIn: false, status: 429, reason: "too-many-attempts", message: TOO_MANY_ATTEMPTS };
  }
  const database = db(context.cloudflare.env);
  const budget = { failures: context.env.SIGN_IN_BUDGET, minutes: context.env.SIGN_IN_BUDGET_MINUTES };
  const attempt = await countAttempt(database, budget, known?.device.id ?? null);
  if (attempt.paused) {
    const minutes = Math.ceil(attempt.pausedFor / 60_000);
    return {
      signedIn: false,
      status: 429,
      reason: "paused",
      message: signInPaused(minutes, known ? "this-device" : "strangers"),
    };
  }
  if (!(await passkeyMatches(passkey, context.env.ADMIN_PASSKEY))) {
    return { signedIn: false, status: 401, reason: "wrong-passkey" };
  }
  await forgetAttempt(database, attempt.id);
  return { signedIn: true, headers: await createAdminSession(request, context, known) };
}
