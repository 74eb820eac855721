/** The client's IP as Cloudflare reports it; one shared bucket when absent (local tools). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
