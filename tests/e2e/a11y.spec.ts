import AxeBuilder from "@axe-core/playwright";
import { DESKTOP, expect, PHONE, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/",
  "/gallery",
  "/gallery?category=custom",
  "/post/demo-whitby-tide-pools",
  "/post/no-such-artwork",
  "/about",
  "/events",
  "/testimonials",
  "/testimonials/add",
  "/contact",
  "/no/such/page",
  // Admin screens as a signed-out visitor sees them.
  "/dashboard",
  "/create-event",
  "/createPost",
  "/edit/demo-whitby-tide-pools",
  "/events/edit/demo-event-open-studio",
  "/analytics",
  "/storage-test",
  "/migration-tool",
];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(blocking).toEqual([]);
      });
    }
  });
}
