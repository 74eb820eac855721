// Every artwork image opens full size: the original, zoomed by the wheel, a pinch or the buttons, closed by
// Escape or Close with focus back on the control that opened it, and its code fetched only then.
import type { Page } from "@playwright/test";
import { DESKTOP, expect, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";

const HEADINGLEY = "/post/demo-headingley-morning"; // one image
const WHITBY = "/post/demo-whitby-tide-pools"; // three images

/** The zoom's scale, read from the transform its image carries. */
const scaleOf = (page: Page) =>
  page
    .getByRole("dialog")
    .locator("img")
    .evaluate((img: HTMLImageElement) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a);

for (const [width, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`an artwork's only image opens full size, zooms and closes (${width})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const zoomCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/ImageZoom-[^/]*\.js$/.test(request.url())) zoomCode.push(request.url());
    });
    await page.goto(HEADINGLEY);
    await expect(page.getByRole("button", { name: "Share" })).toBeEnabled();
    const open = page.getByRole("link", { name: "View Morning Light over Headingley full size" });
    // Without JavaScript the link is the original itself.
    await expect(open).toHaveAttribute("href", /^\/images\/posts\/\d+_morning-light-headingley-1\.jpg$/);
    const original = (await open.getAttribute("href"))!;
    expect(zoomCode).toEqual([]);

    await open.click();
    const dialog = page.getByRole("dialog", { name: "Morning Light over Headingley, full size" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    // The original comes once loaded (a copy stands in meanwhile).
    await expect(dialog.getByRole("img", { name: "Morning Light over Headingley" })).toHaveAttribute("src", original);
    await expect(dialog.getByText("100%")).toBeVisible();
    expect(zoomCode).toHaveLength(1);

    // The wheel zooms in; the button zooms further; Zoom out comes back.
    const stage = dialog.locator(".zoom__stage");
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(1.5);
    const wheeled = await scaleOf(page);
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(wheeled);
    await expect(dialog.getByText(/^\d+%$/)).not.toHaveText("100%");
    await judge(page);
    await page.setViewportSize(viewport);

    // Escape closes it, and focus is back on the link that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });
}

test("a pinch zooms, a drag moves the zoomed image, and Close ends it, on one of several images", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(WHITBY);
  await expect(page.getByRole("button", { name: "Share" })).toBeEnabled();
  // The second image: the control follows the slide on show.
  await page.getByRole("button", { name: "Next Slide" }).click();
  await expect(page.locator(".image-gallery-index")).toHaveText("2 / 3");
  const open = page.getByRole("link", { name: "View Tide Pools at Whitby, image 2 of 3 full size" });
  await expect(open).toHaveAttribute("href", /^\/images\/posts\/\d+_tide-pools-whitby-2\.jpg$/);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Tide Pools at Whitby, image 2 of 3, full size" });
  await expect(dialog).toBeVisible();

  // Real touches, through the browser's input: two fingers moving apart, then one dragging.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 2 });
  const box = (await dialog.locator(".zoom__stage").boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: { x: number; y: number }[]) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
  await touch("touchStart", [
    { x: cx - 40, y: cy },
    { x: cx + 40, y: cy },
  ]);
  for (let step = 1; step <= 10; step++) {
    await touch("touchMove", [
      { x: cx - 40 - step * 8, y: cy },
      { x: cx + 40 + step * 8, y: cy },
    ]);
  }
  await touch("touchEnd", []);
  await expect.poll(() => scaleOf(page)).toBeGreaterThan(2.5);

  const offset = () =>
    dialog.locator("img").evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).e);
  const before = await offset();
  await touch("touchStart", [{ x: cx, y: cy }]);
  await touch("touchMove", [{ x: cx + 30, y: cy }]);
  await touch("touchMove", [{ x: cx + 60, y: cy }]);
  await touch("touchEnd", []);
  await expect.poll(offset).toBeCloseTo(before + 60, 0);
  // The carousel behind did not move.
  await expect(page.locator(".image-gallery-index")).toHaveText("2 / 3");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});
