import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Wrong shared passkeys, from any address and any data centre: the site-wide sign-in budget counts
// them (app/admin/sign-in-budget.server.ts). Rows older than the budget's window are deleted.
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** When, in milliseconds since 1970. */
    at: integer("at").notNull(),
  },
  (t) => [index("sign_in_failures_at_idx").on(t.at)],
);

// One row per signed-in browser. The signed session cookie carries only the row's id: signing out
// deletes the row, so a copy of the cookie is refused from then on, in every data centre.
export const adminSessions = sqliteTable("admin_sessions", {
  id: text("id").primaryKey(),
  /** What signed in, e.g. "Chrome on Android", shown in the dashboard's list of sessions. */
  device: text("device").notNull(),
  /** Milliseconds since 1970. */
  createdAt: integer("created_at").notNull(),
  /** Milliseconds since 1970, updated at most every few minutes. */
  lastSeenAt: integer("last_seen_at").notNull(),
});

export type AdminSession = typeof adminSessions.$inferSelect;
