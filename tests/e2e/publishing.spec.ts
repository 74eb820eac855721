// What the artist publishes is what the next visitor sees, with public pages cached as shipped: a
// visitor's pages come from the cache until the admin saves, and right after it they show the change,
// on a full load and on a client navigation alike.
import type { Page } from "@playwright/test";
import { clientIpFor } from "../support/addresses";
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

/** Loads `path` and says whether the shared cache answered it. */
async function load(page: Page, path: string): Promise<string | undefined> {
  const response = await page.goto(path);
  return response?.headers()["cf-cache-status"];
}

/** Goes to the events page the way a visitor does from the home page, and says how its data came. */
async function navigateToEvents(page: Page): Promise<string | undefined> {
  await page.goto("/");
  await hydrated(page);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/events.data");
  await page.getByRole("contentinfo").getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  return (await data).headers()["cf-cache-status"];
}

test("a visitor sees the admin's new and renamed event on the next request, though pages are cached", async ({
  page,
  browser,
}, testInfo) => {
  const name = `Market Stall ${Date.now()}`;
  // A browser of the visitor's own: no cookies, and an address of its own.
  const visitorContext = await browser.newContext({
    viewport: PHONE,
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(`${testInfo.testId}#visitor`) },
  });
  const visitor = await visitorContext.newPage();

  // Twice each, so that a stale copy would be what the visitor gets next.
  await load(visitor, "/events");
  expect(await load(visitor, "/events")).toBe("HIT");
  await navigateToEvents(visitor);
  expect(await navigateToEvents(visitor)).toBe("HIT");
  await expect(visitor.getByText(name)).toHaveCount(0);

  await page.goto("/create-event");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByLabel("Event Name").fill(name);
  await page.getByLabel("Description").fill("Cards and small paintings.");
  await page.getByLabel("Event Date").fill("2031-06-07");
  await page.getByLabel("Location").fill("Kirkgate Market, Leeds");
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event created successfully!")).toBeVisible();

  expect(await load(visitor, "/events")).toBe("MISS");
  await expect(visitor.getByText(name)).toBeVisible();
  expect(await navigateToEvents(visitor)).toBe("MISS");
  await expect(visitor.getByText(name)).toBeVisible();

  // The admin, signed in, is never given the visitors' copy: the edit link is there.
  await page.goto("/events");
  await page.getByRole("article").filter({ hasText: name }).getByRole("link", { name: "Edit Event" }).click();
  await page.getByLabel("Event Name").fill(`${name} (moved)`);
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully!")).toBeVisible();

  await load(visitor, "/events");
  await expect(visitor.getByText(`${name} (moved)`)).toBeVisible();
  await visitorContext.close();
});
