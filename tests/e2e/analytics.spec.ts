import AxeBuilder from "@axe-core/playwright";
import { ADMIN_PASSKEY, AXE_TAGS, expect, PHONE, test } from "./fixtures";

// Playwright's own browser says "HeadlessChrome", which the beacon rightly ignores as a bot; this
// visitor uses a real phone's User-Agent, so the views counted Today are exactly its own.
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("three pages seen on a phone are counted in Today, with the top page and the device", async ({
  browser,
  page,
}) => {
  // The admin first, to know Today's figures before this visit (other runs may have counted earlier).
  await page.goto("/analytics?range=1d");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/analytics\?range=1d/);
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  const overview = page.getByRole("list", { name: "Overview" });
  const figure = (label: string) =>
    overview.getByRole("listitem").filter({ hasText: label }).locator(".analytics__card-value");
  const count = async (label: string) => Number((await figure(label).textContent())!.replace(/\D/g, ""));
  const before = { views: await count("Page Views"), visitors: await count("Unique Visitors") };
  const shown = (n: number) => new Intl.NumberFormat("en-GB").format(n);

  const phone = await browser.newContext({ viewport: PHONE, userAgent: IPHONE });
  const visitor = await phone.newPage();
  const beacons: Promise<unknown>[] = [];
  visitor.on("request", (request) => {
    if (request.url().endsWith("/api/event")) beacons.push(request.response());
  });
  await visitor.goto(`${process.env.E2E_BASE_URL}/gallery`);
  await expect(visitor.getByRole("heading", { name: "Shop" })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(1);
  // Client-side navigations count too.
  await visitor.getByRole("link", { name: "Events" }).first().click();
  await expect(visitor.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(2);
  await visitor.goBack();
  await expect(visitor.getByRole("heading", { name: "Shop" })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(3);
  await Promise.all(beacons);
  await phone.close();

  await page.reload();
  await expect(figure("Page Views")).toHaveText(shown(before.views + 3));
  // One phone, one visitor.
  await expect(figure("Unique Visitors")).toHaveText(shown(before.visitors + 1));
  const topPages = page.getByRole("region", { name: "Top Pages" });
  await expect(topPages.getByRole("listitem").first()).toContainText("/gallery");
  // Only this phone's visits are counted (Playwright's own HeadlessChrome is ignored as a bot).
  await expect(page.getByRole("region", { name: "Device Types" })).toContainText("Mobile");
  await expect(page.getByRole("region", { name: "Device Types" })).toContainText("(100%)");

  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);

  // Switching ranges keeps the URL in step.
  await page.getByRole("link", { name: "30 Days" }).click();
  await expect(page).toHaveURL(/range=30d/);
  await expect(page.getByRole("link", { name: "30 Days" })).toHaveAttribute("aria-current", "page");
});
