import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossOriginWrite } from "~/platform/security.server";

const artwork = (headers: Record<string, string>) =>
  new Request("https://art.example/contact", { method: "POST", headers });

describe("isCrossOriginWrite", () => {
  it("refuses writes from another origin, including an opaque one", () => {
    expect(isCrossOriginWrite(artwork({ Origin: "https://evil.example" }), "https://art.example")).toBe(true);
    expect(isCrossOriginWrite(artwork({ Origin: "null" }), "https://art.example")).toBe(true);
    expect(isCrossOriginWrite(artwork({ "Sec-Fetch-Site": "cross-site" }), undefined)).toBe(true);
  });

  it("allows the request's own origin, the configured site, reads, and clients that send no Origin", () => {
    expect(isCrossOriginWrite(artwork({ Origin: "https://art.example" }), undefined)).toBe(false);
    const proxied = new Request("http://internal.host/contact", {
      method: "POST",
      headers: { Origin: "https://art.example" },
    });
    expect(isCrossOriginWrite(proxied, "https://art.example")).toBe(false);
    expect(
      isCrossOriginWrite(
        new Request("https://art.example/", { headers: { Origin: "https://evil.example" } }),
        undefined,
      ),
    ).toBe(false);
    expect(isCrossOriginWrite(artwork({}), undefined)).toBe(false);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only nonce-carrying inline scripts and forbids framing", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("where sign-in returns to", () => {
  // What the browser is sent in Location, for what an attacker may put in ?next=.
  it.each([
    ["/analytics?range=30d", "/analytics?range=30d"],
    ["/edit/abc#images", "/edit/abc"],
    [undefined, "/dashboard"],
    ["", "/dashboard"],
    ["analytics", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/.//evil.example", "/dashboard"],
    ["/..//evil.example", "/dashboard"],
    ["/a/../..//evil.example", "/dashboard"],
    ["/././/evil.example/x?y=1", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["/\t/evil.example", "/dashboard"],
    ["/\n/x", "/dashboard"],
    ["/\r\n//evil.example", "/dashboard"],
    ["https://evil.example/", "/dashboard"],
    ["http:evil.example", "/dashboard"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("next=%j goes to %j", async (next, expected) => {
    const { safeNextPath } = await import("~/admin/sign-in.server");
    expect(safeNextPath(next)).toBe(expected);
  });
});
