// Client addresses for tests. The sign-in and form limits count per CF-Connecting-IP (set by Cloudflare
// in production; wrangler dev takes it from the request), so each test client gets its own address.

/** A stable address in the benchmarking range 198.18.0.0/15 for a key (a test's id, a crawler's name). */
export function clientIpFor(key: string): string {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const n = hash >>> 0;
  return `198.${18 + (n & 1)}.${(n >>> 8) & 255}.${(n >>> 16) & 255}`;
}

const RANGE = 2 ** 17;
// Starts at a random point so that test files sharing one rate-limit store do not walk the same addresses.
let next = crypto.getRandomValues(new Uint32Array(1))[0]! % RANGE;

/** A new address on every call, in the same range: a new client, with limits of its own. */
export function freshClientIp(): string {
  const n = next++ % RANGE;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Runs `burst` from a new address, and once more from another when it crossed a wall-clock minute: the
 * local rate limiter counts per minute aligned to the clock, so a burst across one starts a new count
 * and shows nothing about the limit. Two bursts in a row cannot both cross. Assert on what it returns.
 */
export function withinOneLimiterMinute<T>(burst: (ip: string) => Promise<T>): Promise<T> {
  return withinOneClockWindow(60_000, () => burst(freshClientIp()));
}

/**
 * Runs `run`, and once more when it crossed a boundary of the clock's `windowMs` windows (a minute, a
 * UTC day): what it counted was split between two windows. `run` must set up its own state each time.
 */
export async function withinOneClockWindow<T>(windowMs: number, run: () => Promise<T>): Promise<T> {
  const window = () => Math.floor(Date.now() / windowMs);
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = window();
    const outcome = await run();
    if (window() === started) return outcome;
  }
  throw new Error("Two runs in a row crossed a clock window's boundary.");
}
