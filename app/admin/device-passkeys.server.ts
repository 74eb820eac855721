// Device passkeys: WebAuthn credentials on the admin's own devices, checked by @simplewebauthn/server.
// Enrolling one needs a session signed in within the last few minutes (the route checks); signing in with
// one makes the same session (and known device) as the shared passkey does, and is neither counted
// against nor paused by the budget of wrong shared passkeys: a signature from a registered device cannot
// be guessed. Each one added or removed is recorded and e-mailed (device-passkey-changes.server.ts), and
// removing one ends the sessions it signed in.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { newChallenge, spendChallenge, verifyChallenge, type Ceremony } from "~/admin/device-passkey-challenges.server";
import { recordChanges, tellArtist, type PasskeyChange } from "~/admin/device-passkey-changes.server";
import { deviceName } from "~/admin/devices.server";
import { devicePasskeys, type AdminSession } from "~/admin/schema";
import { createAdminSession, thisDevice } from "~/admin/session.server";
import { db } from "~/platform/db.server";
import { SITE } from "~/ui/site";

export const DEVICE_PASSKEY_REFUSED = "That device passkey was not accepted. Please try again.";
export const DEVICE_PASSKEY_NOT_ADDED = "That device passkey could not be added. Please try again.";

/**
 * The relying party is the site as SITE_URL names it: its host is the RP ID the credentials are bound
 * to, and its origin the only one whose pages may use them. (WebAuthn refuses an IP address as RP ID,
 * so locally SITE_URL must say localhost.)
 */
export function relyingParty(context: AppLoadContext): { rpID: string; origin: string } {
  const url = new URL(context.env.SITE_URL);
  return { rpID: url.hostname, origin: url.origin };
}

const encoder = new TextEncoder();
// One admin, so one WebAuthn user: a device that enrols again replaces its own credential.
const ADMIN_USER_ID = encoder.encode("admin");

/**
 * simplewebauthn's check of the challenge a response answers: one this site signed for `ceremony`,
 * still good. What it saw is kept in `seen`, to be recorded as used once the whole response is verified.
 */
function challengeCheck(context: AppLoadContext, ceremony: Ceremony) {
  const seen = { challenge: "", expiresAt: 0 };
  const check = async (challenge: string) => {
    const expiresAt = await verifyChallenge(context.env.SESSION_SECRET, challenge, ceremony);
    if (expiresAt === null) return false;
    Object.assign(seen, { challenge, expiresAt });
    return true;
  };
  return { check, seen };
}

/** Whether any device passkey is registered (then SHARED_PASSKEY_SIGN_IN=off takes effect). */
export async function hasDevicePasskey(context: AppLoadContext): Promise<boolean> {
  const one = await db(context.cloudflare.env).select({ id: devicePasskeys.id }).from(devicePasskeys).limit(1).get();
  return one !== undefined;
}

/** Every device passkey, newest first, for the page that lists them. */
export async function listDevicePasskeys(context: AppLoadContext) {
  return db(context.cloudflare.env)
    .select({
      id: devicePasskeys.id,
      name: devicePasskeys.name,
      createdAt: devicePasskeys.createdAt,
      lastUsedAt: devicePasskeys.lastUsedAt,
    })
    .from(devicePasskeys)
    .orderBy(desc(devicePasskeys.createdAt));
}

/** What the browser needs to create a device passkey (the admin is signed in: the route has checked). */
export async function registrationOptions(context: AppLoadContext) {
  const database = db(context.cloudflare.env);
  const existing = await database
    .select({ id: devicePasskeys.id, transports: devicePasskeys.transports })
    .from(devicePasskeys);
  return generateRegistrationOptions({
    rpName: SITE.brand,
    rpID: relyingParty(context).rpID,
    userName: "admin",
    userDisplayName: `${SITE.brand} admin`,
    userID: ADMIN_USER_ID,
    attestationType: "none",
    // A device already enrolled is not enrolled twice.
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports: transportsOf(transports) })),
    // Resident, so the sign-in screen can offer it without a user name; verified (Face ID, PIN), so a
    // stolen unlocked phone is not enough.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    challenge: await newChallenge(context.env.SESSION_SECRET, "registration"),
  });
}

function transportsOf(stored: string): AuthenticatorTransport[] {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : [];
}

/** Checks the browser's answer to `registrationOptions` and keeps the new device passkey under `name`, added by `by`'s browser. */
export async function addDevicePasskey(
  context: AppLoadContext,
  by: AdminSession,
  name: string,
  response: RegistrationResponseJSON,
): Promise<{ added: true } | { added: false; message: string }> {
  const database = db(context.cloudflare.env);
  const { rpID, origin } = relyingParty(context);
  const challenge = challengeCheck(context, "registration");
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified) return { added: false, message: DEVICE_PASSKEY_NOT_ADDED };
    if (!(await spendChallenge(database, challenge.seen.challenge, challenge.seen.expiresAt))) {
      console.warn("device passkey not added: its challenge had been used before");
      return { added: false, message: DEVICE_PASSKEY_NOT_ADDED };
    }
    const { credential } = verification.registrationInfo;
    const now = Date.now();
    const added: PasskeyChange = {
      change: "added",
      passkeyName: name,
      device: await deviceName(database, by.deviceId),
      at: now,
    };
    await database.batch([
      database.insert(devicePasskeys).values({
        id: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(","),
        name,
        createdAt: now,
      }),
      ...recordChanges(database, [added], now),
    ]);
    tellArtist(context, [added]);
    return { added: true };
  } catch (error) {
    console.warn("device passkey not added:", error instanceof Error ? error.message : error);
    return { added: false, message: DEVICE_PASSKEY_NOT_ADDED };
  }
}

/** What the browser needs to sign in with any device passkey it holds for this site. Writes nothing. */
export async function authenticationOptions(context: AppLoadContext) {
  return generateAuthenticationOptions({
    rpID: relyingParty(context).rpID,
    userVerification: "required",
    challenge: await newChallenge(context.env.SESSION_SECRET, "authentication"),
  });
}

/**
 * Checks the browser's answer to `authenticationOptions`: the Set-Cookie headers of a new admin
 * session (on this browser's known device, or a new one), or null when it is refused.
 */
export async function signInWithDevicePasskey(
  request: Request,
  context: AppLoadContext,
  response: AuthenticationResponseJSON,
): Promise<Headers | null> {
  const database = db(context.cloudflare.env);
  const stored = await database.select().from(devicePasskeys).where(eq(devicePasskeys.id, response.id)).get();
  if (!stored) {
    console.warn("device passkey refused: unknown credential");
    return null;
  }
  const { rpID, origin } = relyingParty(context);
  const challenge = challengeCheck(context, "authentication");
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.id,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return null;
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    // A counter that went backwards (a cloned authenticator) is one of these, and worth a look in the logs.
    console.warn(`device passkey "${stored.name}" refused:`, error instanceof Error ? error.message : error);
    return null;
  }
  if (!(await spendChallenge(database, challenge.seen.challenge, challenge.seen.expiresAt))) {
    console.warn(`device passkey "${stored.name}" refused: its challenge had been used before`);
    return null;
  }
  // Two sign-ins racing with the same counter: only the one that moves it forward counts. Authenticators
  // that keep no counter (always 0, as synced passkeys do) pass on the stored 0.
  const used = await database
    .update(devicePasskeys)
    .set({ counter: newCounter, lastUsedAt: Date.now() })
    .where(
      and(
        eq(devicePasskeys.id, stored.id),
        newCounter === 0 ? eq(devicePasskeys.counter, 0) : lt(devicePasskeys.counter, newCounter),
      ),
    )
    .returning({ id: devicePasskeys.id });
  if (used.length === 0) {
    console.warn(`device passkey "${stored.name}" refused: its counter did not move forward`);
    return null;
  }
  return createAdminSession(request, context, await thisDevice(request, context), stored.id);
}

/**
 * Forgets device passkeys (`ids`, or every one): they sign in no more, and the sessions they signed in
 * end with them (by cascade). Recorded as removed from `by`'s browser, and e-mailed in one notice.
 */
export async function removeDevicePasskeys(
  context: AppLoadContext,
  by: AdminSession | undefined,
  ids: string[] | "all",
): Promise<void> {
  const database = db(context.cloudflare.env);
  const which = ids === "all" ? undefined : inArray(devicePasskeys.id, ids);
  if (ids !== "all" && ids.length === 0) return;
  const going = await database.select({ name: devicePasskeys.name }).from(devicePasskeys).where(which);
  if (going.length === 0) return;
  const now = Date.now();
  const device = by ? await deviceName(database, by.deviceId) : "A browser";
  const removed = going.map(({ name }): PasskeyChange => ({ change: "removed", passkeyName: name, device, at: now }));
  await database.batch([database.delete(devicePasskeys).where(which), ...recordChanges(database, removed, now)]);
  tellArtist(context, removed);
}
