// What the Device passkeys page shows: the passkeys, the latest changes to them, and whether this
// session may add one now (signed in within the last few minutes) or must sign in again first.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { listChanges } from "~/admin/device-passkey-changes.server";
import { listDevicePasskeys } from "~/admin/device-passkeys.server";
import type { AdminSession } from "~/admin/schema";
import { FRESH_SIGN_IN_MS } from "~/admin/fresh-sign-in";
import { signedInRecently } from "~/admin/sessions.server";
import { sharedPasskeyOff } from "~/admin/sign-in.server";
import { db } from "~/platform/db.server";

const iso = (ms: number) => new Date(ms).toISOString();

export async function devicePasskeysPage(context: AppLoadContext, session: AdminSession | undefined) {
  const [passkeys, changes, sharedOff] = await Promise.all([
    listDevicePasskeys(context),
    listChanges(db(context.cloudflare.env)),
    sharedPasskeyOff(context),
  ]);
  // A session made by this very request (the Passkey field) has just signed in.
  const mayAddUntil = session ? session.createdAt + FRESH_SIGN_IN_MS : Date.now() + FRESH_SIGN_IN_MS;
  return {
    passkeys: passkeys.map((passkey) => ({
      ...passkey,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: passkey.lastUsedAt === null ? null : iso(passkey.lastUsedAt),
    })),
    changes: changes.map(({ id, change, passkeyName, device, at }) => ({
      id,
      change,
      passkeyName,
      device,
      at: iso(at),
    })),
    mayAdd: session ? signedInRecently(session) : true,
    mayAddUntil: iso(mayAddUntil),
    sharedPasskeyOff: sharedOff,
  };
}
