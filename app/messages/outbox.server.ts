// What every e-mail waiting to go shares (a message, a reply, a sale's receipt): the same delivery columns
// (app/messages/schema.ts `delivery`), claimed for one attempt, retried and given up on by the same rules,
// and how an attempt ends. Each table keeps its own statements; these are the conditions, values and types
// they share. The store and the mailer both import this file, never each other (app/messages/deliver.server.ts
// calls both).
import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A table with the delivery columns. */
type Outbox = Record<"id" | "status" | "attempts" | "lastAttemptAt" | "createdAt", SQLiteColumn>;

/** A failed message is retried automatically for a day, at most this many attempts in all. */
export const MAX_ATTEMPTS = 5;
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How one attempt ended, as the mailer reports it and the store records it on the row. */
export type DeliveryOutcome = { status: "sent" | "logged" } | { status: "failed"; error: string };

/** An attempt that has not finished after this long was cut off (the Worker stopped): it may be tried again. */
export const STALE_ATTEMPT_MS = 10 * 60 * 1000;

const minus = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** Row `id` when it may be tried now: pending or failed, or an attempt cut off long ago. */
export const claimable = (table: Outbox, id: string, now: Date) =>
  and(
    eq(table.id, id),
    or(
      inArray(table.status, ["pending", "failed"]),
      and(eq(table.status, "sending"), lt(table.lastAttemptAt, minus(now, STALE_ATTEMPT_MS))),
    ),
  );

/** What a claim writes: one more attempt, under way now. */
export const claimed = (table: Outbox, now: Date) => ({
  status: "sending" as const,
  attempts: sql<number>`${table.attempts} + 1`,
  lastAttemptAt: now.toISOString(),
});

/**
 * Rows the scheduled retry should try again: failed ones younger than `maxAgeMs` with fewer than
 * `maxAttempts` attempts, pending ones nobody tried within a few minutes (their first attempt was lost),
 * and attempts cut off long ago.
 */
export const retryable = (
  table: Outbox,
  { now = new Date(), maxAgeMs, maxAttempts }: { now?: Date; maxAgeMs: number; maxAttempts: number },
) =>
  and(
    gt(table.createdAt, minus(now, maxAgeMs)),
    lt(table.attempts, maxAttempts),
    or(
      eq(table.status, "failed"),
      and(eq(table.status, "pending"), lt(table.createdAt, minus(now, 5 * 60 * 1000))),
      and(eq(table.status, "sending"), lt(table.lastAttemptAt, minus(now, STALE_ATTEMPT_MS))),
    ),
  );
