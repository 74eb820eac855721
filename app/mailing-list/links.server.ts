// The links a subscriber's e-mails carry, signed with SESSION_SECRET (the first key signs, every key verifies)
// so that nobody confirms, changes or ends someone else's subscription by guessing:
// - confirm: names one subscribe request (its time) and expires after CONFIRM_DAYS;
// - manage: the preferences page and the one-click leave (RFC 8058), good for as long as the address is listed.
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { hmacSign, hmacVerify } from "~/platform/hmac.server";

/** How long a confirm link works. */
export const CONFIRM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const PURPOSE = "mailing-list-link";

export type ConfirmLink = { kind: "confirm"; id: string; requestedAt: string; expiresAt: number };
export type ManageLink = { kind: "manage"; id: string };

const payloadOf = (link: ConfirmLink | ManageLink) =>
  link.kind === "confirm" ? `c|${link.id}|${link.requestedAt}|${link.expiresAt}` : `m|${link.id}`;

async function sign(secrets: string[], link: ConfirmLink | ManageLink): Promise<string> {
  const payload = payloadOf(link);
  const mac = await hmacSign(PURPOSE, secrets[0]!, payload);
  return `${isoBase64URL.fromUTF8String(payload)}.${isoBase64URL.fromBuffer(mac)}`;
}

/** The token of the confirm link for the subscribe request made at `requestedAt`. */
export function confirmToken(secrets: string[], id: string, requestedAt: string, now = Date.now()): Promise<string> {
  return sign(secrets, { kind: "confirm", id, requestedAt, expiresAt: now + CONFIRM_DAYS * DAY_MS });
}

/** The token of the preferences page and the one-click leave. */
export function manageToken(secrets: string[], id: string): Promise<string> {
  return sign(secrets, { kind: "manage", id });
}

/** What a token signed here says; null for anything forged, malformed or (a confirm link) expired at `now`. */
export async function readToken<K extends "confirm" | "manage">(
  secrets: string[],
  token: string | null,
  kind: K,
  now = Date.now(),
): Promise<Extract<ConfirmLink | ManageLink, { kind: K }> | null> {
  if (!token || token.length > 512) return null;
  const [encoded, macText, extra] = token.split(".");
  if (!encoded || !macText || extra !== undefined) return null;
  let payload: string;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    payload = isoBase64URL.toUTF8String(encoded);
    mac = isoBase64URL.toBuffer(macText);
  } catch {
    return null;
  }
  const link = linkOf(payload);
  if (!link || link.kind !== kind) return null;
  if (link.kind === "confirm" && now >= link.expiresAt) return null;
  const signed = new TextEncoder().encode(payload);
  for (const secret of secrets) {
    if (await hmacVerify(PURPOSE, secret, signed, mac)) return link as Extract<ConfirmLink | ManageLink, { kind: K }>;
  }
  return null;
}

function linkOf(payload: string): ConfirmLink | ManageLink | null {
  const parts = payload.split("|");
  if (parts[0] === "m" && parts.length === 2 && parts[1]) return { kind: "manage", id: parts[1] };
  if (parts[0] === "c" && parts.length === 4 && parts[1] && parts[2] && /^\d{1,15}$/.test(parts[3]!)) {
    return { kind: "confirm", id: parts[1], requestedAt: parts[2], expiresAt: Number(parts[3]) };
  }
  return null;
}
