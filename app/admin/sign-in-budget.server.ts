// The budgets of wrong shared passkeys. The Rate Limiting binding counts per address and per data
// centre, so one attacker rotating addresses would never meet it; these counts live in D1, which every
// data centre shares. Strangers share one budget: once SIGN_IN_BUDGET wrong passkeys have been tried
// within SIGN_IN_BUDGET_MINUTES, passkey sign-in is refused to every stranger until the oldest of them is
// that old. Each known device (app/admin/devices.server.ts) has a budget of the same size of its own, so
// strangers cannot pause the artist's browser, and a stolen device cookie cannot guess without limit.
// Sessions already signed in are not affected: the admin guard never asks a budget.
import { and, eq, gt, isNull, lt, min, sql } from "drizzle-orm";
import { signInFailures } from "~/admin/schema";
import type { Database } from "~/platform/db.server";
import { insertWhere } from "~/platform/insert-where.server";

export type SignInBudget = { failures: number; minutes: number };

/**
 * An attempt counted before its passkey is compared (`id`, to take back if it was right), or refused
 * unchecked and uncounted because its budget is spent (for `pausedFor` ms more).
 */
export type CountedAttempt = { paused: false; id: number } | { paused: true; pausedFor: number };

/**
 * Counts an attempt as wrong until it proves right, in the budget of `deviceId` (null: strangers'). The
 * decision is one statement, an insert that happens only while the window holds fewer than the budget:
 * many guesses sent at once are each decided alone, at most the budget of them are stored and compared,
 * and nothing is left to undo if the request is cut off. Also forgets rows older than the window.
 */
export async function countAttempt(
  database: Database,
  budget: SignInBudget,
  deviceId: string | null,
  now = Date.now(),
): Promise<CountedAttempt> {
  const since = now - budget.minutes * 60_000;
  const sameBudget = deviceId === null ? isNull(signInFailures.deviceId) : eq(signInFailures.deviceId, deviceId);
  const [, inserted, [window]] = await database.batch([
    database.delete(signInFailures).where(lt(signInFailures.at, since)),
    insertWhere(
      database,
      signInFailures,
      { at: now, deviceId },
      sql`(select count(*) from ${signInFailures} where ${sameBudget} and ${signInFailures.at} > ${since}) < ${budget.failures}`,
    ).returning({ id: signInFailures.id }),
    database
      .select({ oldest: min(signInFailures.at) })
      .from(signInFailures)
      .where(and(sameBudget, gt(signInFailures.at, since))),
  ]);
  const counted = inserted[0];
  if (counted) return { paused: false, id: counted.id };
  const oldest = window?.oldest ?? now;
  return { paused: true, pausedFor: Math.max(1, oldest - since) };
}

/** Takes back an attempt that was right. */
export async function forgetAttempt(database: Database, id: number): Promise<void> {
  await database.delete(signInFailures).where(eq(signInFailures.id, id));
}
