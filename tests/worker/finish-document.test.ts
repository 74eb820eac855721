import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the end of every server-rendered document", () => {
  for (const [who, userAgent] of [
    ["a browser", CHROME],
    ["a crawler", GOOGLEBOT],
  ] as const) {
    it(`closes </body></html> after the loader data and preloads its scripts at low priority, for ${who}`, async () => {
      const html = await (await fetchApp("/events", { headers: { "User-Agent": userAgent } })).text();
      expect(html.endsWith("</body></html>")).toBe(true);
      expect(html.indexOf("</body>")).toBe(html.length - "</body></html>".length);
      // Remix's streamed data is still there, inside the body and under the page's nonce.
      const close = html.lastIndexOf("window.__remixContext.streamController.close()");
      expect(close).toBeGreaterThan(html.indexOf("<body"));
      const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toBeTruthy();
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
      // The page's JavaScript is asked for after what it shows.
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(3);
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
    });
  }
});
