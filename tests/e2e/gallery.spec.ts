import { expect, PHONE, test } from "./fixtures";

test("a shared deep link preselects its tab and shows artworks listed under any of their categories", async ({
  page,
}) => {
  await page.goto("/gallery?category=artwork%20print");
  const tabs = page.getByRole("navigation", { name: "Categories", exact: true });
  await expect(tabs.getByRole("link", { name: "Artwork Print" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /Yorkshire Dales, Limited Print/ })).toBeVisible();
  // Wild Poppies is acrylic and a print.
  await expect(page.getByRole("link", { name: /Wild Poppies/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Tide Pools at Whitby/ })).toHaveCount(0);
});

test("an older artwork with only a single category appears under it", async ({ page }) => {
  await page.goto("/gallery?category=oil");
  await expect(page.getByRole("link", { name: /Sunflowers for Martin House/ })).toBeVisible();
});

test("an unknown category shows All", async ({ page }) => {
  await page.goto("/gallery?category=sculpture");
  const tabs = page.getByRole("navigation", { name: "Categories", exact: true });
  await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  // Every category's artworks: an oil painting and a custom commission among them.
  await expect(page.getByRole("link", { name: /Sunflowers for Martin House/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Pet Portrait/ })).toBeVisible();
  expect(await page.locator(".artwork-card").count()).toBeGreaterThanOrEqual(13);
});

test("a card opens its artwork page", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("link", { name: /Kirkstall Abbey in Mist/ }).click();
  await expect(page).toHaveURL(/\/post\/demo-kirkstall-mist$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the shop fits the screen: one column, no sideways scrolling, fixed image boxes", async ({ page }) => {
    await page.goto("/gallery");
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const boxes = await page.locator(".artwork-card__frame").evaluateAll((els) =>
      els.slice(0, 3).map((el) => {
        const r = el.getBoundingClientRect();
        return { width: Math.round(r.width), ratio: r.width / r.height };
      }),
    );
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(300);
      expect(box.ratio).toBeCloseTo(4 / 3, 1);
    }
    const images = page.locator(".artwork-card__image");
    await expect(images.first()).toHaveAttribute("width", "400");
    await expect(images.first()).toHaveAttribute("height", "300");
    await expect(images.nth(5)).toHaveAttribute("loading", "lazy");
  });
});
