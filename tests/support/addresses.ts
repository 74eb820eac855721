// Client addresses for tests. The sign-in and form limits count per CF-Connecting-IP (set by Cloudflare
// in production; wrangler dev takes it from the request), so each test client gets its own address.

/** A stable address in the benchmarking range 198.18.0.0/15 for a key (a test's id, a crawler's name). */
export function clientIpFor(key: string): string {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const n = hash >>> 0;
  return `198.${18 + (n & 1)}.${(n >>> 8) & 255}.${(n >>> 16) & 255}`;
}
