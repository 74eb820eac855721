// The site-wide budget of wrong shared passkeys. The Rate Limiting binding counts per address and per
// data centre, so one attacker rotating addresses would never meet it; this count lives in D1, which
// every data centre shares. Once SIGN_IN_BUDGET wrong passkeys have been tried within
// SIGN_IN_BUDGET_MINUTES, passkey sign-in is refused for everyone until the oldest of them is that old.
// Sessions already signed in are not affected: the admin guard never asks the budget.
import { count, gt, lt, min } from "drizzle-orm";
import { signInFailures } from "~/admin/schema";
import type { Database } from "~/platform/db.server";

export type SignInBudget = { failures: number; minutes: number };

/** Milliseconds until passkey sign-in opens again, or 0 when it is open. */
export async function signInPausedFor(database: Database, budget: SignInBudget, now = Date.now()): Promise<number> {
  const window = budget.minutes * 60_000;
  const [row] = await database
    .select({ failures: count(), oldest: min(signInFailures.at) })
    .from(signInFailures)
    .where(gt(signInFailures.at, now - window));
  if (!row || row.failures < budget.failures || row.oldest === null) return 0;
  return Math.max(1, row.oldest + window - now);
}

/** Counts one wrong passkey, and forgets those older than the window. */
export async function recordWrongPasskey(database: Database, budget: SignInBudget, now = Date.now()): Promise<void> {
  await database.batch([
    database.insert(signInFailures).values({ at: now }),
    database.delete(signInFailures).where(lt(signInFailures.at, now - budget.minutes * 60_000)),
  ]);
}
