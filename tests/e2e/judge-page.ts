// The outside judges on one page as it is now, for a screen the crawl in judges.spec.ts cannot reach
// (it needs a state a test makes: a device passkey listed, a draft previewed).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { checkHtml, describeHtmlError } from "../support/judges/nu-checker";
import { AXE_TAGS, DESKTOP, expect, PHONE } from "./fixtures";

/** The Nu checker on the page's HTML as served, axe on it as shown at 1280 and 390 px (it ends at 390). */
export async function judge(page: Page): Promise<void> {
  const html = await (await page.request.get(page.url())).text();
  expect((await checkHtml([{ name: page.url(), html }])).map(describeHtmlError)).toEqual([]);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(axe.violations.map((v) => `${v.id} (${v.impact}) at ${viewport.width} px`)).toEqual([]);
  }
}
