// Headers and request checks applied to every response the Worker produces (server.ts).
// Static assets get the same non-CSP headers from public/_headers, because Workers static
// assets are served without running the Worker.

import { NOT_STORED } from "~/platform/cache-control";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** The policy for a page; `turnstile` lets in Cloudflare Turnstile's script and frame (only when it is configured). */
export function contentSecurityPolicy(nonce: string, { turnstile = false }: { turnstile?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // Remix's inline hydration scripts carry the per-request nonce; module chunks come from 'self'.
    `script-src 'self' 'nonce-${nonce}'${turnstile ? ` ${TURNSTILE_ORIGIN}` : ""}`,
    ...(turnstile ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    // React writes style attributes (e.g. fixed image boxes); no third-party stylesheets.
    "style-src 'self' 'unsafe-inline'",
    // Legacy artworks still point at Cloudinary / Firebase Storage until migrated.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** A copy of `response` carrying the security headers (responses from fetch() are immutable). */
export function withSecurityHeaders(response: Response, nonce: string, options?: { turnstile?: boolean }): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) secured.headers.set(name, value);
  secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  return secured;
}

/**
 * True for a state-changing request sent by a page of another site (a CSRF attempt). Browsers send
 * Origin on every cross-origin POST; requests without it (curl, server-to-server) are not CSRF.
 */
export function isCrossOriginWrite(request: Request, siteUrl: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  const allowed = new Set([new URL(request.url).origin]);
  if (siteUrl) {
    try {
      allowed.add(new URL(siteUrl).origin);
    } catch {
      // An invalid SITE_URL is reported by env validation; here it just adds nothing.
    }
  }
  return !allowed.has(origin);
}

export function forbiddenCrossOrigin(): Response {
  return new Response("Cross-origin form submissions are not allowed.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NOT_STORED },
  });
}
