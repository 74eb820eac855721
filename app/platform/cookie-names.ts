/** Plain http is allowed only on this machine (wrangler dev); everywhere else cookies are Secure. */
export function isLocalHttp(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * `__Host-` makes the browser refuse the cookie unless it is Secure, for the whole site (Path=/) and
 * set by this host (no Domain): no subdomain or plain-http page can plant or overwrite it. Plain
 * http://localhost cannot be Secure, so there the cookie goes by its plain name.
 */
export function cookieName(name: "session" | "device", request: Request): string {
  return isLocalHttp(request) ? name : `__Host-${name}`;
}
