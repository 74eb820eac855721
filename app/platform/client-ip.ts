/** The client's IP as Cloudflare reports it; one shared bucket when absent (local tools). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * Who a per-address limit counts: an IPv4 address, or the /64 network of an IPv6 one. One IPv6
 * customer is given a whole /64 (2^64 addresses), so counting each address alone would give an
 * attacker a fresh allowance for every request.
 */
export function clientNetwork(request: Request): string {
  return networkOf(clientIp(request));
}

/** "2001:db8:1:2::7" -> "2001:db8:1:2::/64"; IPv4 and anything unparsable come back unchanged. */
export function networkOf(ip: string): string {
  if (!ip.includes(":")) return ip;
  const address = ip
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  const halves = address.split("::");
  if (halves.length > 2) return ip;
  const [head = "", tail] = halves;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 address (::ffff:1.2.3.4) fills the last two groups.
  const width = (list: string[]) => list.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(before) - width(after);
  if (tail === undefined ? missing !== 0 : missing < 1) return ip;
  const full = [...before, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...after];
  if (!full.slice(0, 4).every((group) => /^[0-9a-f]{1,4}$/.test(group))) return ip;
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
