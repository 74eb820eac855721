import type { Page } from "@playwright/test";
import { DESKTOP, expect, PHONE, test } from "./fixtures";

/** Waits until React has hydrated `selector` (it then carries React's props), so a click is handled by the app. */
async function hydrated(page: Page, selector = "main form") {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

// The e2e server holds the demo content: four approved testimonials (Rachel W. is the newest) and two
// pending ones. Tests share one server, so each one types its own unique text.

test.describe("testimonials on a phone", () => {
  test.use({ viewport: PHONE });

  test("a new testimonial is thanked for, then the visitor lands on the list, where it waits for approval", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/testimonials");
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    await expect(page.getByText("What people think")).toBeVisible();
    const cards = page.locator(".testimonial-card");
    await expect(cards.filter({ hasText: "Rachel W." })).toBeVisible();
    await expect(page.getByText("Saw the open studio and loved it.")).toHaveCount(0);

    await page.getByRole("link", { name: "Share Your Testimonial" }).click();
    await expect(page).toHaveURL(/\/testimonials\/add$/);
    await expect(page.getByRole("heading", { level: 1, name: "Share Your Experience" })).toBeVisible();
    await hydrated(page);

    const author = `E2E Visitor ${Date.now()}`;
    const message = `Hello world ${Date.now()}`;
    const counter = page.locator(".char-counter");
    await expect(counter).toHaveText("0/500");
    await expect(counter).toHaveAttribute("aria-live", "polite");
    await page.getByLabel("Your Name").fill(author);
    await page.getByLabel("Your Testimonial").pressSequentially("Hello world");
    await expect(counter).toHaveText("11/500");
    await page.getByLabel("Your Testimonial").fill(message);
    await expect(counter).toHaveText(`${message.length}/500`);

    // Hold the request until the busy state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/testimonials\/add\.data/, async (route) => {
      await held;
      await route.continue();
    });
    // The page's clock stands still from here: the overlay's 3 seconds pass only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    const thanks = page.getByRole("heading", { name: "Thank You!" });
    await expect(thanks).toBeVisible();
    // No reload: the fetcher sent it, and the page stays until the 3 s overlay has run its course.
    await page.clock.runFor(2_900);
    await expect(thanks).toBeVisible();
    await expect(page).toHaveURL(/\/testimonials\/add$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);
    await expect(page.getByText(author)).toHaveCount(0);
  });

  test("a name of only spaces is refused by the server, with the message kept and the name field focused", async ({
    page,
  }) => {
    await page.goto("/testimonials/add");
    await hydrated(page);
    const message = `Kept words ${Date.now()}`;
    // Spaces satisfy the browser's `required`; only the server's trim catches them.
    await page.getByLabel("Your Name").fill("   ");
    await page.getByLabel("Your Testimonial").fill(message);
    await page.getByRole("button", { name: "Submit Testimonial" }).click();

    await expect(page.getByText("Please fill in all fields.")).toBeVisible();
    await expect(page.getByLabel("Your Testimonial")).toHaveValue(message);
    await expect(page.locator(".char-counter")).toHaveText(`${message.length}/500`);
    await expect(page.getByLabel("Your Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Your Name")).toBeFocused();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/testimonials\/add$/);
  });
});

test.describe("testimonials on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the cards sit in columns and the counter stops at 500 characters", async ({ page }) => {
    await page.goto("/testimonials");
    const cards = page.locator(".testimonial-card");
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(2);

    await page.goto("/testimonials/add");
    await hydrated(page);
    const box = page.getByLabel("Your Testimonial");
    await box.fill("x".repeat(498));
    await expect(page.locator(".char-counter")).toHaveText("498/500");
    await box.pressSequentially("abcdef");
    await expect(page.locator(".char-counter")).toHaveText("500/500");
    await expect(box).toHaveValue(`${"x".repeat(498)}ab`);
    await expect(page.getByLabel("Your Name")).toHaveAttribute("maxlength", "50");
  });

  test("says 'Loading testimonials...' while a client-side navigation to the list is pending", async ({ page }) => {
    await page.goto("/testimonials");
    const cards = page.locator(".testimonial-card");
    await expect(cards.filter({ hasText: "Rachel W." })).toBeVisible();
    await hydrated(page, "header a[href='/testimonials']");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/testimonials\.data/, async (route) => {
      await held;
      await route.continue();
    });
    // Like the shop's tabs, the list shows its loading text for a navigation that starts on the list.
    await page.getByRole("banner").getByRole("link", { name: "Testimonials" }).click();
    await expect(page.getByText("Loading testimonials...")).toBeVisible();
    await expect(cards).toHaveCount(0);
    release();
    await expect(page.getByText("Loading testimonials...")).toHaveCount(0);
    await expect(cards.filter({ hasText: "Rachel W." })).toBeVisible();
  });
});

test.describe("adding a testimonial without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the form posts normally and the thank-you state links back to the list", async ({ page }) => {
    await page.goto("/testimonials/add");
    const message = `No script here ${Date.now()}`;
    await page.getByLabel("Your Name").fill("No-JS Visitor");
    await page.getByLabel("Your Testimonial").fill(message);
    await page.getByRole("button", { name: "Submit Testimonial" }).click();

    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Testimonials" }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);
  });
});
