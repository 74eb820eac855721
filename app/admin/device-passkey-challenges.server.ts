// The challenges of device passkeys' two ceremonies, signed instead of stored: asking for one writes
// nothing anywhere, so however many a flood asks for, nothing fills up and nobody waits. A challenge
// carries its own ceremony and expiry under an HMAC with SESSION_SECRET (the first key signs, every key
// verifies, as with the cookies). Only once a response to it has been verified is it written down, as
// used, so it cannot be answered twice: a write that only the artist's own device can cause.
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { lte } from "drizzle-orm";
import { usedDevicePasskeyChallenges } from "~/admin/schema";
import type { Database } from "~/platform/db.server";
import { hmacSign, hmacVerify } from "~/platform/hmac.server";

/** How long a challenge may be answered. */
export const CHALLENGE_MS = 5 * 60_000;

export type Ceremony = "registration" | "authentication";
const CEREMONY_BYTE: Record<Ceremony, number> = { registration: 1, authentication: 2 };

const PURPOSE = "device-passkey-challenge";
const NONCE_BYTES = 16;
// nonce, expiry (ms since 1970, 8 bytes big-endian), ceremony: what the MAC covers.
const SIGNED_BYTES = NONCE_BYTES + 8 + 1;
const MAC_BYTES = 32;

/** A new challenge for `ceremony`, good for five minutes from `now`: the bytes the browser's prompt signs. */
export async function newChallenge(
  secrets: string[],
  ceremony: Ceremony,
  now = Date.now(),
): Promise<Uint8Array<ArrayBuffer>> {
  const challenge = new Uint8Array(SIGNED_BYTES + MAC_BYTES);
  const signed = challenge.subarray(0, SIGNED_BYTES);
  crypto.getRandomValues(signed.subarray(0, NONCE_BYTES));
  new DataView(challenge.buffer).setBigUint64(NONCE_BYTES, BigInt(now + CHALLENGE_MS));
  signed[SIGNED_BYTES - 1] = CEREMONY_BYTE[ceremony];
  challenge.set(await hmacSign(PURPOSE, secrets[0]!, signed.slice()), SIGNED_BYTES);
  return challenge;
}

/**
 * When `challenge` stops being good (ms since 1970), if it is one this site signed for `ceremony` and it
 * is still good at `now`; null for anything else.
 */
export async function verifyChallenge(
  secrets: string[],
  challenge: string,
  ceremony: Ceremony,
  now = Date.now(),
): Promise<number | null> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = isoBase64URL.toBuffer(challenge);
  } catch {
    return null;
  }
  if (bytes.length !== SIGNED_BYTES + MAC_BYTES || bytes[SIGNED_BYTES - 1] !== CEREMONY_BYTE[ceremony]) return null;
  const signed = bytes.slice(0, SIGNED_BYTES);
  const expiresAt = Number(new DataView(signed.buffer).getBigUint64(NONCE_BYTES));
  if (now >= expiresAt) return null;
  for (const secret of secrets) {
    if (await hmacVerify(PURPOSE, secret, signed, bytes.slice(SIGNED_BYTES))) return expiresAt;
  }
  return null;
}

/**
 * Records a verified response's challenge as used: true the first time, false when it has been used
 * before (a replayed response). A used challenge is remembered for a lifetime past its expiry: the
 * response was checked against the clock a moment before this write, so one answered in its last
 * millisecond and replayed is still found here, whatever happened to the clock in between.
 */
export async function spendChallenge(database: Database, challenge: string, expiresAt: number, now = Date.now()) {
  const [, used] = await database.batch([
    database.delete(usedDevicePasskeyChallenges).where(lte(usedDevicePasskeyChallenges.expiresAt, now - CHALLENGE_MS)),
    database
      .insert(usedDevicePasskeyChallenges)
      .values({ challenge, expiresAt })
      .onConflictDoNothing()
      .returning({ challenge: usedDevicePasskeyChallenges.challenge }),
  ]);
  return used.length === 1;
}
