import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the end of every server-rendered document", () => {
  for (const [who, userAgent] of [
    ["a browser", CHROME],
    ["a crawler", GOOGLEBOT],
  ] as const) {
    it(`closes </body></html> after the loader data and starts its scripts after the artwork, for ${who}`, async () => {
      const html = await (await fetchApp("/events", { headers: { "User-Agent": userAgent } })).text();
      expect(html.endsWith("</body></html>")).toBe(true);
      expect(html.indexOf("</body>")).toBe(html.length - "</body></html>".length);
      // Remix's streamed data is still there, inside the body and under the page's nonce.
      const close = html.lastIndexOf("window.__remixContext.streamController.close()");
      expect(close).toBeGreaterThan(html.indexOf("<body"));
      const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toBeTruthy();
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
      // The page's JavaScript is parsed inert, and one script under the nonce starts it.
      const templates = html.match(/<template data-page-script>[\s\S]*?<\/template>/g) ?? [];
      expect(templates).toHaveLength(2);
      expect(templates[0]!.match(/<link rel="modulepreload"[^>]*>/g)?.length).toBeGreaterThan(3);
      expect(templates[1]).toMatch(
        /^<template data-page-script><script nonce="[^"]+" type="module"[^>]*>[^<]*import\(/,
      );
      expect(html.replace(/<template[\s\S]*?<\/template>/g, "")).not.toContain("modulepreload");
      expect(html).toContain(`${templates[1]}<script nonce="${nonce}">(function () {`);
    });
  }
});
