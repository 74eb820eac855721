// Sessions kept on the server: signed in on a phone and a laptop, the admin sees both on the
// dashboard; "Sign Out Everywhere" on one signs both out, and Remove signs out the one removed.
import type { Browser, Page } from "@playwright/test";
import { clientIpFor } from "../support/addresses";
import { ADMIN_PASSKEY, DESKTOP, expect, PHONE, test } from "./fixtures";

// One server for the file, and Sign Out Everywhere ends every device on it: one test at a time.
test.describe.configure({ mode: "serial" });

async function signedInBrowser(
  browser: Browser,
  name: string,
  viewport: typeof PHONE,
  userAgent: string,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    userAgent,
    // A server of its own (tests/e2e/global-setup.ts).
    baseURL: process.env.E2E_SESSIONS_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(name) },
  });
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  return page;
}

test("signing out everywhere from the phone signs the laptop out too", async ({ browser }, testInfo) => {
  const phone = await signedInBrowser(
    browser,
    `${testInfo.testId}#phone`,
    PHONE,
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  );
  const laptop = await signedInBrowser(
    browser,
    `${testInfo.testId}#laptop`,
    DESKTOP,
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  );

  await phone.reload();
  const devices = phone.getByRole("region", { name: "Signed-in Devices" });
  await expect(devices.getByRole("listitem").filter({ hasText: "Chrome on Android" }).first()).toContainText(
    "This device",
  );
  await expect(devices.getByRole("listitem").filter({ hasText: "Safari on macOS" }).first()).toBeVisible();

  phone.once("dialog", (dialog) => dialog.accept());
  await devices.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(phone.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await expect(phone.getByText("Signed out everywhere: every browser must sign in again, this one too.")).toBeVisible();

  await laptop.goto("/dashboard");
  await expect(laptop.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await laptop.goto("/create-event");
  await expect(laptop.getByLabel("Passkey")).toBeVisible();

  await phone.context().close();
  await laptop.context().close();
});

test("removing the laptop from the phone's list signs the laptop out, and the phone stays", async ({
  browser,
}, testInfo) => {
  const phone = await signedInBrowser(
    browser,
    `${testInfo.testId}#phone`,
    PHONE,
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  );
  const laptop = await signedInBrowser(
    browser,
    `${testInfo.testId}#laptop`,
    DESKTOP,
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  );

  await phone.reload();
  const devices = phone.getByRole("region", { name: "Signed-in Devices" });
  phone.once("dialog", (dialog) => dialog.accept());
  await devices.getByRole("button", { name: "Remove Edge on Windows" }).first().click();
  await expect(phone.getByText("Device removed")).toBeVisible();
  await expect(devices.getByRole("listitem").filter({ hasText: "Edge on Windows" })).toHaveCount(0);
  await expect(phone.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await laptop.goto("/dashboard");
  await expect(laptop.getByRole("heading", { name: "Admin Access" })).toBeVisible();

  await phone.context().close();
  await laptop.context().close();
});
