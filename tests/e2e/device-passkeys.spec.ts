// Device passkeys in a real browser: Chromium's virtual authenticator (DevTools protocol) stands in for
// the phone's Face ID. Enrol, sign out, sign in with it, sign in with it after strangers have spent the
// budget of wrong shared passkeys, remove it, and see it refused.
import type { Browser, Page } from "@playwright/test";
import { clientIpFor, freshClientIp } from "../support/addresses";
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";

// A server of its own (tests/e2e/global-setup.ts), on localhost: this file spends its strangers' budget.
test.describe.configure({ mode: "serial" });

/**
 * A phone-sized browser with a virtual authenticator that says yes (user verified). The virtual
 * authenticator answers the sign-in screen's autofill at once, so `autofill: false` makes the browser
 * one without autofill, where the button is the way in.
 */
async function phoneWithAuthenticator(browser: Browser, name: string, { autofill }: { autofill: boolean }) {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: process.env.E2E_PASSKEYS_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(name) },
  });
  if (!autofill) {
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  /** How many signatures the authenticator's one credential has made. */
  const signCount = async () => {
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    return credentials[0]!.signCount;
  };
  return { context, page, signCount };
}

async function signInWithDevicePasskey(page: Page) {
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a device passkey" }).click();
}

const dashboardHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Admin Dashboard" });

/** Signs in with the shared passkey and adds this browser's device passkey as `name`. */
async function enrol(page: Page, name: string) {
  await page.goto("/dashboard");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  await page.getByRole("link", { name: "Device passkeys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Device passkeys" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Device name").fill(name);
  await page.getByRole("button", { name: "Add a device passkey" }).click();
  await expect(page.getByText(`Device passkey "${name}" added.`)).toBeVisible();
}

async function logout(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Access" })).toBeVisible();
}

test("where the browser has autofill, the sign-in screen signs in with the device passkey it offers", async ({
  browser,
}, testInfo) => {
  const { context, page } = await phoneWithAuthenticator(browser, testInfo.testId, { autofill: true });
  await enrol(page, "iPhone");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  // No press: the virtual authenticator accepts the autofill offer at once.
  await expect(dashboardHeading(page)).toBeVisible();
  await context.close();
});

test("Sign Out Everywhere with its box ticked removes the device passkey too, and says so before it does", async ({
  browser,
}, testInfo) => {
  const { context, page } = await phoneWithAuthenticator(browser, testInfo.testId, { autofill: false });
  await enrol(page, "Market phone");
  await page.goto("/dashboard");
  await hydrated(page);
  const devices = page.getByRole("region", { name: "Signed-in Devices" });
  // Every device passkey on this server: this one and any enrolled before.
  await devices.getByRole("checkbox", { name: /^Also remove (the device passkey|all \d+ device passkeys)$/ }).check();
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await devices.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page.getByText("Signed out everywhere and every device passkey removed")).toBeVisible();
  expect(asked).toMatch(
    /^Sign out on every device, this one too, and remove (the device passkey|all \d+ device passkeys)\? Every browser must sign in again with the shared passkey, and no device passkey signs in until you add one again\.$/,
  );
  await signInWithDevicePasskey(page);
  await expect(page.getByText("That device passkey was not accepted.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Access" })).toBeVisible();
  await context.close();
});

test("a device passkey enrols, signs in (even while sign-in is paused), and once removed is refused", async ({
  browser,
}, testInfo) => {
  const { context, page, signCount } = await phoneWithAuthenticator(browser, testInfo.testId, { autofill: false });
  await enrol(page, "Studio laptop");
  const listed = page
    .getByRole("region", { name: "Your device passkeys" })
    .getByRole("listitem")
    .filter({ hasText: "Studio laptop" });
  await expect(listed).toContainText("not used yet");
  await judge(page);

  // Sign out, then in with the device passkey.
  await logout(page);
  await hydrated(page);
  await judge(page);
  const signaturesBefore = await signCount();
  await signInWithDevicePasskey(page);
  await expect(dashboardHeading(page)).toBeVisible();
  expect(await signCount()).toBeGreaterThan(signaturesBefore);

  // Strangers spend the budget of wrong shared passkeys; this browser, forgotten, is a stranger too.
  await context.clearCookies();
  for (let i = 0; i < 20; i++) {
    const wrong = await context.request.post("/dashboard", {
      form: { intent: "login", passkey: `wrong-${i}` },
      headers: { "CF-Connecting-IP": freshClientIp() },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(401);
  }
  await page.goto("/dashboard");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Sign-in is paused after too many wrong passkeys")).toBeVisible();
  await signInWithDevicePasskey(page);
  await expect(dashboardHeading(page)).toBeVisible();

  // Remove it (after saying yes), and it signs in no more.
  await page.goto("/device-passkeys");
  await hydrated(page);
  await expect(listed).toContainText("last used");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Remove Studio laptop" }).click();
  // It had signed this browser in: this browser is signed out with it.
  await expect(page.getByText("Device passkey removed. It had signed this browser in")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Access" })).toBeVisible();
  await context.clearCookies();
  await signInWithDevicePasskey(page);
  await expect(page.getByText("That device passkey was not accepted.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Access" })).toBeVisible();
  await context.close();
});
