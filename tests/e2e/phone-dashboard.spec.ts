// The artist's dashboard on her phone (390 px, touch): what needs her first on the first screen, a
// bounded length as the collection grows, and one tap to mark a work sold at a market stall.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/lib/chromium";
import { clientIpFor } from "../support/addresses";
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";
import { createArtwork, signIn } from "./admin-requests";

const PHONE_CONTEXT = { viewport: PHONE, hasTouch: true, isMobile: true };

for (const [store, server, most] of [
  ["the demo content", "E2E_JUDGES_URL", 8000],
  ["100 artworks in the store", "E2E_GROWN_URL", 10000],
] as const) {
  test(`the dashboard opens on the inbox count, and is at most ${most} px tall with ${store}`, async ({
    browser,
  }, testInfo) => {
    const baseURL = process.env[server]!;
    const context = await browser.newContext({
      ...PHONE_CONTEXT,
      baseURL,
      extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(testInfo.testId) },
    });
    const page = await context.newPage();
    await page.goto("/dashboard");
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In", exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    const summary = page.getByRole("navigation", { name: "Summary" });
    const inbox = summary.getByRole("link", { name: /^\d+ new messages?$/ });
    await expect(inbox).toBeInViewport({ ratio: 1 });
    await inbox.tap();
    await expect(page).toHaveURL(/\/inbox$/);
    await page.goBack();

    await expect(summary).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(most);
    await context.close();
  });
}

test.describe("a work marked sold in one tap", () => {
  test.use(PHONE_CONTEXT);

  test("with JavaScript in place, and without it by posting the dashboard; its page says so to the next visitor", async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const title = `Market Stall Sale ${Date.now()}`;
    await signIn(page.request, baseURL!);
    const id = await createArtwork(page.request, baseURL!, title);
    // A visitor reads the page first, so it is in the public cache when the artist taps.
    const visitorSees = async () => (await request.get(`/post/${encodeURIComponent(id)}`)).text();
    expect(await visitorSees()).not.toContain(">SOLD<");

    await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
    await hydrated(page);
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/dashboard"));
    await page.getByRole("button", { name: `Mark sold: ${title}` }).tap();
    // At once, before the answer: the row says SOLD and offers the way back.
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(row.getByText("SOLD", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Mark available: ${title}` })).toBeVisible();
    expect((await saved).status()).toBe(200);
    // Screen readers hear it once saved.
    await expect(row.getByRole("status")).toHaveText(`${title} marked sold.`);
    expect(await visitorSees()).toContain(">SOLD<");

    // Without JavaScript the same button posts the page, which comes back with the change.
    const plain = await browser.newContext({
      ...PHONE_CONTEXT,
      javaScriptEnabled: false,
      baseURL,
      storageState: await page.context().storageState(),
    });
    const plainPage = await plain.newPage();
    await plainPage.goto(`/dashboard?q=${encodeURIComponent(title)}`);
    await plainPage.getByRole("button", { name: `Mark available: ${title}` }).tap();
    await expect(plainPage.getByRole("button", { name: `Mark sold: ${title}` })).toBeVisible();
    expect(await visitorSees()).not.toContain(">SOLD<");
    await plain.close();
  });
});

test("the dashboard can be added to the home screen: Chromium's own check finds it installable", async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  // Chromium offers no app in a private window, which is what Playwright's contexts are: a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), "installable-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...CHROMIUM_FLAGS],
    baseURL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(testInfo.testId) },
  });
  try {
    const page = await context.newPage();
    await page.goto("/dashboard");
    const browser = await context.newCDPSession(page);
    // What "Add to Home Screen" / "Install app" reads, and the check Chrome (and Lighthouse's old
    // installability audit) makes before offering it.
    const { errors, data } = await browser.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    expect(JSON.parse(data!)).toMatchObject({ start_url: "/dashboard", display: "standalone" });
    const { installabilityErrors } = await browser.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  for (const src of ["/icons/admin-192.png", "/icons/admin-512.png", "/icons/apple-touch-icon.png"]) {
    expect((await request.get(src)).headers()["content-type"]).toBe("image/png");
  }
  // The app's pages themselves are never kept by a shared or offline cache.
  expect((await request.get("/dashboard")).headers()["cache-control"]).toBe("private, no-store");
});
