import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Wrong shared passkeys: the sign-in budgets count them (app/admin/sign-in-budget.server.ts). Strangers,
// from any address and any data centre, share one budget; each known browser has its own, so nobody
// can spend the artist's. Rows older than the budget's window are deleted.
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** When, in milliseconds since 1970. */
    at: integer("at").notNull(),
    /** The known browser that sent it (an admin_devices id); null for a stranger. */
    deviceId: text("device_id"),
  },
  (t) => [index("sign_in_failures_at_idx").on(t.at), index("sign_in_failures_device_at_idx").on(t.deviceId, t.at)],
);

// One row per browser where the admin has signed in ("Signed-in Devices" on the dashboard). Its signed
// cookie outlives sessions, so the artist can sign in from it while strangers have paused sign-in.
// Removing the row (Remove, or Sign Out Everywhere) ends the device and, by cascade, its sessions.
export const adminDevices = sqliteTable("admin_devices", {
  /** SHA-256 of the random token its cookie carries: the page may name a device without giving its cookie away. */
  id: text("id").primaryKey(),
  /** What signed in, e.g. "Chrome on Android". */
  name: text("name").notNull(),
  /** Milliseconds since 1970. */
  createdAt: integer("created_at").notNull(),
  /** Milliseconds since 1970: its last sign-in, or its session's last use (written at most every few minutes). */
  lastSeenAt: integer("last_seen_at").notNull(),
});

// One row per sign-in. The signed session cookie carries only the row's id: signing out deletes the row,
// so a copy of the cookie is refused from then on, in every data centre.
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    deviceId: text("device_id")
      .notNull()
      .references(() => adminDevices.id, { onDelete: "cascade" }),
    /** Milliseconds since 1970. */
    createdAt: integer("created_at").notNull(),
    /** Milliseconds since 1970, updated at most every few minutes. */
    lastSeenAt: integer("last_seen_at").notNull(),
    /** The device passkey that signed it in (null: the shared passkey). Removing the passkey ends it. */
    devicePasskeyId: text("device_passkey_id").references(() => devicePasskeys.id, { onDelete: "cascade" }),
  },
  (t) => [index("admin_sessions_device_idx").on(t.deviceId), index("admin_sessions_passkey_idx").on(t.devicePasskeyId)],
);

export type AdminDevice = typeof adminDevices.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;

// Device passkeys: WebAuthn credentials made by the admin's own devices (Face ID, a fingerprint, a
// security key), an alternative to the shared passkey that nobody can guess. Only the public key is
// kept; the private one never leaves the device.
export const devicePasskeys = sqliteTable("device_passkeys", {
  /** The credential's id as the authenticator gave it, base64url. */
  id: text("id").primaryKey(),
  /** The COSE public key, base64url. */
  publicKey: text("public_key").notNull(),
  /** The authenticator's signature counter: one that goes backwards suggests a cloned key, and is refused. */
  counter: integer("counter").notNull(),
  /** How the browser may reach it ("internal", "hybrid", "usb"…), comma-separated; empty when unknown. */
  transports: text("transports").notNull().default(""),
  /** What the admin called it, e.g. "iPhone". */
  name: text("name").notNull(),
  /** Milliseconds since 1970. */
  createdAt: integer("created_at").notNull(),
  /** Milliseconds since 1970; null until it first signs in. */
  lastUsedAt: integer("last_used_at"),
});

// Challenges are signed, not stored (app/admin/device-passkey-challenges.server.ts); one is written here
// only once a response to it has been verified, so that it cannot be answered twice. A row is kept
// until the challenge has expired anyway.
export const usedDevicePasskeyChallenges = sqliteTable(
  "used_device_passkey_challenges",
  {
    /** The challenge as the browser sent it back, base64url. */
    challenge: text("challenge").primaryKey(),
    /** Milliseconds since 1970: after this the challenge is refused whatever this table says. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("used_device_passkey_challenges_expires_idx").on(t.expiresAt)],
);

export type DevicePasskey = typeof devicePasskeys.$inferSelect;

// Each device passkey added or removed: listed on the Device passkeys page, and e-mailed to the artist as
// it happens, so a passkey nobody meant to add is seen.
export const devicePasskeyChanges = sqliteTable(
  "device_passkey_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    change: text("change", { enum: ["added", "removed"] }).notNull(),
    /** What the passkey is called, e.g. "iPhone". */
    passkeyName: text("passkey_name").notNull(),
    /** The browser it was done from, as Signed-in Devices names it ("Chrome on Android"). */
    device: text("device").notNull(),
    /** Milliseconds since 1970. */
    at: integer("at").notNull(),
  },
  (t) => [index("device_passkey_changes_at_idx").on(t.at)],
);

export type DevicePasskeyChange = typeof devicePasskeyChanges.$inferSelect;
