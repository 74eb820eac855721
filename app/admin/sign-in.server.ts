// Signing in with the shared passkey: compared in constant time, limited per address by the Rate
// Limiting binding (5 a minute) and across the whole site by the budget of wrong passkeys in D1.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAdminSession } from "~/admin/session.server";
import { countAttempt, forgetAttempt } from "~/admin/sign-in-budget.server";
import { db } from "~/platform/db.server";
import { clientNetwork } from "~/platform/client-ip";

export const INCORRECT_PASSKEY = "Incorrect passkey. Please try again.";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

/** Told to everyone while the site-wide budget of wrong passkeys is spent. */
export function signInPaused(minutes: number): string {
  const wait = minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `Sign-in is paused after too many wrong passkeys. Please try again in ${wait}. If you are signed in on another device, you stay signed in there.`;
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
 * Counts a sign-in attempt against the client's IP. Every attempt counts, not only failed ones:
 * otherwise the attempt after the limit would still be checked.
 */
async function signInAllowed(request: Request, context: AppLoadContext): Promise<boolean> {
  const { success } = await context.cloudflare.env.LOGIN_LIMITER.limit({ key: `login:${clientNetwork(request)}` });
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
  | { signedIn: true; setCookie: string }
  | { signedIn: false; status: 401; reason: "wrong-passkey" }
  | { signedIn: false; status: 429; reason: "too-many-attempts" | "paused"; message: string };

/**
 * Checks a typed passkey, counted against the sender's limit and the site's budget of wrong ones: the
 * Set-Cookie value that signs in, or why not. While the budget is spent even the right passkey is
 * refused, so guessing learns nothing.
 */
export async function signIn(request: Request, context: AppLoadContext, passkey: string): Promise<SignInAttempt> {
  if (!(await signInAllowed(request, context))) {
    return { signedIn: false, status: 429, reason: "too-many-attempts", message: TOO_MANY_ATTEMPTS };
  }
  const database = db(context.cloudflare.env);
  const budget = { failures: context.env.SIGN_IN_BUDGET, minutes: context.env.SIGN_IN_BUDGET_MINUTES };
  const attempt = await countAttempt(database, budget);
  if (attempt.pausedFor > 0) {
    const minutes = Math.ceil(attempt.pausedFor / 60_000);
    return { signedIn: false, status: 429, reason: "paused", message: signInPaused(minutes) };
  }
  if (!(await passkeyMatches(passkey, context.env.ADMIN_PASSKEY))) {
    return { signedIn: false, status: 401, reason: "wrong-passkey" };
  }
  await forgetAttempt(database, attempt.id);
  return { signedIn: true, setCookie: await createAdminSession(request, context) };
}
