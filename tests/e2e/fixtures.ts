import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";
import { clientIpFor } from "../support/addresses";

// The server's address is only known after global setup has started it on a free port.
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run the e2e tests through `npm run test:e2e`.");
    await use(url);
  },
  // Each test is its own client: the sign-in and form limits count per CF-Connecting-IP (set by
  // Cloudflare in production; wrangler dev takes it from the request), so tests never share a budget.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "CF-Connecting-IP": clientIpFor(`${testInfo.testId}#${testInfo.retry}`) });
  },
});

export { expect };

/**
 * Waits until React has hydrated `selector` (it then carries React's props), so a click is handled by
 * the app. `body` completes last, so by then the whole page is hydrated.
 */
export async function hydrated(page: Page, selector = "body"): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/**
 * Holds the app's entry script until the returned `release` is called: the page stays as the server
 * sent it, with no React, for a test of what happens before the app has hydrated.
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** What axe checks, at every impact level: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The passkey the e2e server runs with: global setup passes .dev.vars.example to wrangler dev. */
export const ADMIN_PASSKEY = (() => {
  const text = readFileSync(fileURLToPath(new URL("../../.dev.vars.example", import.meta.url)), "utf8");
  const value = /^ADMIN_PASSKEY=(.*)$/m.exec(text)?.[1]?.trim();
  if (!value) throw new Error("ADMIN_PASSKEY is missing from .dev.vars.example");
  return value;
})();
