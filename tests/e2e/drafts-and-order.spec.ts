// The artist prepares a work as a draft, previews it, publishes it, and orders her shop, at phone and
// desktop width, as a visitor then sees it (through the public cache, as shipped).
import type { Browser, Page } from "@playwright/test";
import { clientIpFor } from "../support/addresses";
import { DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";
import { createArtwork, signIn } from "./admin-requests";

/** A browser of the visitor's own: no cookies, an address of its own. */
async function visitorOf(browser: Browser, baseURL: string, id: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(`${id}#visitor`) },
  });
  return { context, page: await context.newPage() };
}

/** Opens the artwork's edit page from the dashboard, sets Draft, and saves. */
async function saveDraft(page: Page, title: string, draft: boolean) {
  await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await hydrated(page, "main form");
  const box = page.getByRole("checkbox", { name: "Draft" });
  await box.setChecked(draft);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByText("Post updated successfully!")).toBeVisible();
  await expect(box).toBeChecked({ checked: draft });
}

for (const [width, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`at ${width} width, a draft is hidden from visitors, previewed by the artist, and shown once unticked`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const title = `Tide Study ${width} ${Date.now()}`;
    await signIn(page.request, baseURL!);
    const id = await createArtwork(page.request, baseURL!, title);
    const visitor = await visitorOf(browser, baseURL!, testInfo.testId);
    // Stored in the shared cache first, so a stale copy is what the visitor would get.
    await visitor.page.goto("/gallery?category=watercolor");
    await expect(visitor.page.getByText(title)).toBeVisible();

    await saveDraft(page, title, true);
    await visitor.page.goto("/gallery?category=watercolor");
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(visitor.page.getByText(title)).toHaveCount(0);
    const missing = await visitor.page.goto(`/post/${id}`);
    expect(missing?.status()).toBe(404);
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Artwork not found" })).toBeVisible();

    // The dashboard marks it and offers a preview, which says who sees it.
    await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await judge(page);
    await page.setViewportSize(viewport);
    await card.getByRole("link", { name: `Preview ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Draft preview.")).toBeVisible();
    await judge(page);
    await page.setViewportSize(viewport);

    await saveDraft(page, title, false);
    await visitor.page.goto("/gallery?category=watercolor");
    await expect(visitor.page.getByText(title)).toBeVisible();
    expect((await visitor.page.goto(`/post/${id}`))?.status()).toBe(200);
    await expect(visitor.page.getByText("Draft preview.")).toHaveCount(0);
    await visitor.context.close();
  });
}

test("the artist orders her shop with Move up and Move down (from the keyboard in place, and without JavaScript) and by dragging a row", async ({
  browser,
}, testInfo) => {
  // A server of its own (tests/e2e/global-setup.ts): a move is relative to the neighbours, which another
  // test's new artwork would change.
  const baseURL = process.env.E2E_SHOP_ORDER_URL!;
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(testInfo.testId) },
  });
  const page = await context.newPage();
  await signIn(context.request, baseURL);
  for (const title of ["Beck One", "Beck Two", "Beck Three"]) await createArtwork(context.request, baseURL, title);
  const visitor = await visitorOf(browser, baseURL, testInfo.testId);
  const shop = () => visitor.page.locator(".artwork-card__title").allTextContents();
  await visitor.page.goto("/gallery");
  expect(await shop()).toEqual(["Beck Three", "Beck Two", "Beck One"]);

  // With the app running: from the keyboard, the row moves in place and keeps the focus.
  const rows = page.locator(".order-row__title > a");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Shop Order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shop Order" })).toBeVisible();
  await hydrated(page);
  await expect(rows).toHaveText(["Beck Three", "Beck Two", "Beck One"]);
  await expect(page.getByRole("button", { name: "Move up: Beck Three" })).toBeDisabled();
  await page.getByRole("button", { name: "Move down: Beck Three" }).focus();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveText(["Beck Two", "Beck Three", "Beck One"]);
  await expect(page.getByRole("button", { name: "Move down: Beck Three" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveText(["Beck Two", "Beck One", "Beck Three"]);
  // At the bottom it cannot go further down: the focus is on the way back up.
  await expect(page.getByRole("button", { name: "Move down: Beck Three" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move up: Beck Three" })).toBeFocused();
  await visitor.page.goto("/gallery");
  expect(await shop()).toEqual(["Beck Two", "Beck One", "Beck Three"]);

  // Dragged with the pointer and dropped on the top row, it takes the top place.
  const row = (title: string) => page.locator(".order-row").filter({ hasText: title });
  await row("Beck Three").dragTo(row("Beck Two"));
  await expect(rows).toHaveText(["Beck Three", "Beck Two", "Beck One"]);
  await visitor.page.goto("/gallery");
  expect(await shop()).toEqual(["Beck Three", "Beck Two", "Beck One"]);
  await row("Beck Three").dragTo(row("Beck One"));
  await expect(rows).toHaveText(["Beck Two", "Beck One", "Beck Three"]);
  await judge(page);
  await context.close();

  // Without JavaScript, on a phone, the button posts the form and the page comes back reordered.
  const plain = await browser.newContext({
    viewport: PHONE,
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(`${testInfo.testId}#plain`) },
  });
  await signIn(plain.request, baseURL);
  const phone = await plain.newPage();
  await phone.goto("/shop-order");
  await phone.getByRole("button", { name: "Move up: Beck Three" }).click();
  await expect(phone.locator(".order-row__title > a")).toHaveText(["Beck Two", "Beck Three", "Beck One"]);
  await visitor.page.goto("/gallery");
  expect(await shop()).toEqual(["Beck Two", "Beck Three", "Beck One"]);
  await plain.close();
  await visitor.context.close();
});
