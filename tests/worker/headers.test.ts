// Security headers and visitor privacy on every route the build has (discovered, so a new route is
// checked without editing this file), on answers of every kind (pages, data requests, images, 404s,
// refusals), and no cookie for anyone who has not signed in. Every answer carries Cache-Control; which
// one is tests/worker/public-cache.test.ts's concern.
import { beforeAll, describe, expect, it } from "vitest";
import { STATIC_SECURITY_HEADERS } from "~/platform/security.server";
import { pageTags } from "~/public-cache/tags";
import staticHeaderRules from "../../public/_headers?raw";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, ORIGIN } from "./helpers";
import { CERTIFICATE_NUMBER, discoverRoutes, ID, PUBLIC, storeDiscoveredRows } from "./route-discovery";
import { certificateNumberText } from "~/sales/certificate-number";
import { freshClientIp } from "../support/addresses";

const ROUTES = discoverRoutes();
const PUBLIC_ROUTES = ROUTES.filter((route) => PUBLIC.has(route.id));

beforeAll(storeDiscoveredRows);

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Every header the Worker must add, whatever the response. */
function expectSecurityHeaders(response: Response, what: string) {
  const headers = response.headers;
  const csp = directives(headers.get("Content-Security-Policy") ?? "");
  const scripts = csp.get("script-src") ?? csp.get("default-src");
  expect(scripts, `${what}: script-src`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
    expect(scripts, `${what}: script-src allows ${unsafe}`).not.toContain(unsafe);
  }
  expect(csp.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get("base-uri"), `${what}: base-uri`).toEqual(["'self'"]);
  expect(csp.get("form-action"), `${what}: form-action`).toEqual(["'self'"]);

  const hsts = headers.get("Strict-Transport-Security") ?? "";
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts).toContain("includeSubDomains");
  expect(headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"], what).toContain(
    headers.get("Referrer-Policy"),
  );
  // Workers Cache would keep an answer without Cache-Control for hours: every answer says how long.
  expect(headers.get("Cache-Control"), `${what}: Cache-Control`).toMatch(/no-store|max-age=\d+/);
  const permissions = headers.get("Permissions-Policy") ?? "";
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
    expect(permissions, `${what}: Permissions-Policy`).toContain(feature);
  }
}

describe("every route, as a visitor", () => {
  it("the public allowlist is what the build serves to visitors", () => {
    expect(PUBLIC_ROUTES.map((route) => route.id).sort()).toEqual([...PUBLIC].sort());
  });

  for (const route of ROUTES) {
    it(`GET ${route.path} (${route.id}): security headers, no cookie`, async () => {
      const response = await fetchApp(route.path, { redirect: "manual" });
      expectSecurityHeaders(response, `GET ${route.path} (${response.status})`);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      if (route.loader) {
        const data = await fetchApp(`${route.path}.data`, { redirect: "manual" });
        expectSecurityHeaders(data, `GET ${route.path}.data (${data.status})`);
        expect(data.headers.get("Set-Cookie")).toBeNull();
      }
    });
  }

  it("a page rendered for one person carries a fresh nonce each time, and every inline script carries it", async () => {
    // With a cookie (the admin's, say) a page is rendered for that request alone; shared pages repeat
    // their nonce with their scripts (next test).
    const own = { headers: { Cookie: "theme=dark" } };
    const response = await fetchApp("/", own);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // No inline event handlers either: CSP without 'unsafe-inline' would block them anyway.
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
    expect((await fetchApp("/", own)).headers.get("Content-Security-Policy")).not.toBe(csp);
  });

  it("every shared public page is served from the cache the second time, with every header, no cookie, and its nonce on its scripts", async () => {
    const shared = PUBLIC_ROUTES.filter((route) => pageTags(new URL(route.path, ORIGIN)));
    // Every public page is shared; the 404 page, images and the beacon are not.
    expect(shared.map((route) => route.path).sort()).toEqual(
      [
        "/",
        "/about",
        "/impact",
        "/commissions",
        "/commissions/request",
        "/contact",
        "/mailing-list",
        "/events",
        "/gallery",
        `/post/${ID}`,
        `/certificate/${certificateNumberText(CERTIFICATE_NUMBER)}`,
        "/robots.txt",
        "/sitemap.xml",
        "/testimonials",
        "/testimonials/add",
      ].sort(),
    );
    for (const route of shared) {
      await (await fetchApp(route.path)).arrayBuffer();
      const response = await fetchApp(route.path);
      expect(response.headers.get("Cf-Cache-Status"), `GET ${route.path}`).toBe("HIT");
      expectSecurityHeaders(response, `cached GET ${route.path}`);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      for (const tag of (await response.text()).match(/<script\b[^>]*>/g) ?? []) {
        expect(tag, `cached GET ${route.path}`).toContain(`nonce="${nonce}"`);
      }
    }
  });

  it("a configuration error (a missing secret) is answered with the same headers, naming the variable", async () => {
    const { response } = await fetchWithEnv({ SESSION_SECRET: "" } as Partial<Env>, "/");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("SESSION_SECRET is missing");
    expectSecurityHeaders(response, "the configuration error");
  });

  it("with Turnstile configured, only Cloudflare's challenge origin is added to scripts and frames", async () => {
    const { response } = await fetchWithEnv(
      { TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA" },
      "/contact",
    );
    expectSecurityHeaders(response, "GET /contact with Turnstile");
    const csp = directives(response.headers.get("Content-Security-Policy") ?? "");
    expect(csp.get("script-src")).toContain("https://challenges.cloudflare.com");
    expect(csp.get("frame-src")).toEqual(["https://challenges.cloudflare.com"]);
  });
});

describe("public forms, as a visitor", () => {
  const submit = (path: string, body: URLSearchParams | string, headers: Record<string, string> = {}) =>
    fetchApp(path, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://localhost", "CF-Connecting-IP": freshClientIp(), ...headers },
      body,
    });

  const forms: Array<[string, () => Promise<Response>]> = [
    [
      "an enquiry",
      () =>
        submit(
          `/post/${ID}`,
          new URLSearchParams({ name: "Ann", email: "ann@example.com", address: "1 Lane, Leeds", message: "Hi" }),
        ),
    ],
    [
      "a contact message",
      () => submit("/contact", new URLSearchParams({ name: "Ann", email: "a@example.com", message: "Hi" })),
    ],
    [
      "a testimonial",
      () => submit("/testimonials/add", new URLSearchParams({ author: "Ann", message: "Lovely work" })),
    ],
    [
      "a page-view beacon",
      () =>
        submit(
          "/api/event",
          JSON.stringify({ type: "pageview", path: "/", referrer: "", screenWidth: 390, visitId: "visit-0001" }),
          { "Content-Type": "application/json" },
        ),
    ],
    [
      "an invalid contact message",
      () => submit("/contact", new URLSearchParams({ name: "", email: "x", message: "" })),
    ],
    ["a cross-site POST", () => submit("/contact", new URLSearchParams({}), { Origin: "https://evil.example" })],
  ];

  for (const [what, send] of forms) {
    it(`${what}: security headers and no cookie`, async () => {
      const response = await send();
      expect(response.status).toBeLessThan(500);
      expectSecurityHeaders(response, what);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    });
  }
});

describe("static assets (served without running the Worker)", () => {
  it("public/_headers gives every file the Worker's security headers, and a CSP that frames nothing", () => {
    // The rule for /*: its indented "Name: value" lines up to the next blank line.
    const block = /^\/\*\n((?:[ \t]+.+\n?)+)/m.exec(staticHeaderRules)?.[1] ?? "";
    const headers = new Headers(
      block
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as [string, string];
        }),
    );
    // The same values as the Worker's, for the headers that matter on a file as well as on a page.
    for (const name of [
      "Strict-Transport-Security",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "X-Frame-Options",
    ]) {
      expect(headers.get(name), name).toBe(STATIC_SECURITY_HEADERS[name]);
    }
    const csp = directives(headers.get("Content-Security-Policy") ?? "");
    const scripts = csp.get("script-src") ?? csp.get("default-src");
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});
