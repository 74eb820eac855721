import { expect, holdAppCode, PHONE, test } from "./fixtures";

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a tap on the menu before the page's code has arrived opens the menu once it has", async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    // Not hydrated yet: the tap is held, nothing opens.
    await expect(page.locator("template[data-page-script]")).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  });

  test("a tap just as hydration starts opens the menu, without an error", async ({ page }) => {
    // React listens on the document from the moment hydration starts; a tap then, before any of
    // the page has hydrated, once made React throw (error 345) and the menu stayed shut.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const listen = EventTarget.prototype.addEventListener;
      let tapped = false;
      EventTarget.prototype.addEventListener = function (
        this: EventTarget,
        type: string,
        ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]
      ) {
        listen.call(this, type, ...rest);
        if (this === document && type === "click" && !tapped) {
          tapped = true;
          queueMicrotask(() => {
            document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')?.click();
            document.documentElement.dataset.tapped = "";
          });
        }
      } as typeof listen;
    });
    await page.goto("/");
    await expect(page.locator("html[data-tapped]")).toHaveCount(1);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(errors).toEqual([]);
  });

  test("home, the mobile menu, the shop and the 404 page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Visual Artist & Creative Soul")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest Works" })).toBeVisible();
    // Desktop links are hidden on a phone; the toggle opens the menu.
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();

    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

    // Clicking the overlay closes it.
    await page.getByTestId("menu-overlay").click({ position: { x: 20, y: 700 } });
    await expect(menu).toBeHidden();

    // Choosing an item navigates and closes it.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Shop" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // A seeded artwork card is on the shop page.
    await expect(page.getByRole("link", { name: /Roundhay Park in Autumn/ })).toBeVisible();

    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the navbar changes style once scrolled past 20 px and tabs filter the shop", async ({ page }) => {
    await page.goto("/gallery");
    const navbar = page.locator("header.navbar");
    await expect(navbar).not.toHaveClass(/navbar--scrolled/);
    await page.mouse.wheel(0, 400);
    await expect(navbar).toHaveClass(/navbar--scrolled/);

    await page
      .getByRole("navigation", { name: "Categories", exact: true })
      .getByRole("link", { name: "3D Art" })
      .click();
    await expect(page).toHaveURL(/category=3d(%20|\+)art/);
    await expect(page.getByRole("link", { name: /Coral Garden/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Roundhay Park/ })).toHaveCount(0);
  });
});
