// The site-wide budget of wrong shared passkeys. The Rate Limiting binding counts per address and per
// data centre, so one attacker rotating addresses would never meet it; this count lives in D1, which
// every data centre shares. Once SIGN_IN_BUDGET wrong passkeys have been tried within
// SIGN_IN_BUDGET_MINUTES, passkey sign-in is refused for everyone until the oldest of them is that old.
// Sessions already signed in are not affected: the admin guard never asks the budget.
import { count, eq, gt, lt, min } from "drizzle-orm";
import { signInFailures } from "~/admin/schema";
import type { Database } from "~/platform/db.server";

export type SignInBudget = { failures: number; minutes: number };

/** An attempt counted before its passkey is compared; `pausedFor` ms when it came past the budget. */
export type CountedAttempt = { id: number; pausedFor: number };

/**
 * Counts an attempt as wrong until it proves right, and in the same transaction counts the window: so
 * many guesses sent at once are each counted before any is compared, and at most the budget is.
 * Also forgets rows older than the window.
 */
export async function countAttempt(
  database: Database,
  budget: SignInBudget,
  now = Date.now(),
): Promise<CountedAttempt> {
  const window = budget.minutes * 60_000;
  const [, [inserted], [counted]] = await database.batch([
    database.delete(signInFailures).where(lt(signInFailures.at, now - window)),
    database.insert(signInFailures).values({ at: now }).returning({ id: signInFailures.id }),
    database
      .select({ failures: count(), oldest: min(signInFailures.at) })
      .from(signInFailures)
      .where(gt(signInFailures.at, now - window)),
  ]);
  const id = inserted!.id;
  if (!counted || counted.failures <= budget.failures || counted.oldest === null) return { id, pausedFor: 0 };
  // Past the budget: this attempt is refused unchecked and does not count.
  await forgetAttempt(database, id);
  return { id, pausedFor: Math.max(1, counted.oldest + window - now) };
}

/** Takes back an attempt that was right, or refused unchecked. */
export async function forgetAttempt(database: Database, id: number): Promise<void> {
  await database.delete(signInFailures).where(eq(signInFailures.id, id));
}
