// Running a property: FUZZ_RUNS cases from FUZZ_SEED (both from vitest.config.ts), with a tally of outcomes.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";

export const FUZZ_RUNS = Math.max(1, Number.parseInt(env.FUZZ_RUNS, 10) || 50);
export const FUZZ_SEED = Number.parseInt(env.FUZZ_SEED, 10) || 20261121;
/** Per `it`: generous, since 1,000 whole requests through the Worker take a while. */
export const FUZZ_TIMEOUT_MS = 60_000 + FUZZ_RUNS * 400;

/**
 * What a property must accept. Every property returns early on a refusal, so a form that refused every
 * submission (with a message) would pass it: `valid` inputs (written by hand) must each come out as
 * `outcome`, and so must at least one generated input.
 */
export type Accepts<T> = { outcome: RegExp; valid: T[] };

/**
 * Runs the property `FUZZ_RUNS` times and reports the count, the outcomes (what `check` returns, e.g.
 * "stored" or "400") and the time, for the record the issue asks for.
 */
export async function fuzz<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<string>,
  {
    accepts,
    examples = [],
  }: {
    accepts: Accepts<NoInfer<T>>;
    /** Inputs that once broke a property: always tried first, whatever the seed. */
    examples?: NoInfer<T>[];
  },
) {
  for (const value of accepts.valid) expect(await check(value), `${name}: a valid input`).toMatch(accepts.outcome);
  let cases = 0;
  const outcomes = new Map<string, number>();
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      cases += 1;
      const outcome = await check(value);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }),
    { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, examples: examples.map((example): [T] => [example]) },
  );
  const tally = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${outcome} ${n}`);
  console.info(`[fuzz] ${name}: ${cases} cases in ${Date.now() - started} ms (seed ${FUZZ_SEED}): ${tally.join(", ")}`);
  const accepted = [...outcomes].filter(([outcome]) => accepts.outcome.test(outcome));
  expect(accepted.length, `${name}: no generated input was accepted (${tally.join(", ")})`).toBeGreaterThan(0);
}
