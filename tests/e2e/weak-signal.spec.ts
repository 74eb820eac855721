// The artist's phone loses its signal as she saves a new artwork at a market stall: the form keeps
// everything typed and chosen, says so plainly, and sending again stores exactly one artwork, also
// when the first sending reached the site and only its answer was lost.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";
import { createArtwork } from "./admin-requests";
import { artworksTitled, localRows } from "./stored";

const POPPIES = readFileSync(fileURLToPath(new URL("../../seed/images/wild-poppies-1.jpg", import.meta.url)));

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The create form filled in, with one image chosen. */
async function fillCreateForm(page: Page, title: string, file: string) {
  await page.goto("/createPost");
  await hydrated(page, "main form");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Sold at the Kirkgate stall.");
  await page.getByLabel("Medium").fill("Oil on board");
  await page.getByLabel("Size").fill("20 x 20 cm");
  await page.getByLabel("Images").setInputFiles({ name: file, mimeType: "image/jpeg", buffer: POPPIES });
  await expect(page.getByRole("list", { name: "Chosen images" }).locator("img")).toHaveCount(1);
}

async function expectKept(page: Page, title: string) {
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Medium")).toHaveValue("Oil on board");
  await expect(page.getByRole("list", { name: "Chosen images" }).locator("img")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Create Post" })).toBeFocused();
}

test("sent with no signal: kept and said plainly; sent again once online, one artwork is stored", async ({
  page,
  context,
}) => {
  const title = `No Signal ${Date.now()}`;
  await fillCreateForm(page, title, "no-signal.jpg");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Create Post" }).tap();
  await expect(page.getByRole("alert")).toHaveText("Not sent: no connection. Nothing was lost; send again.");
  await expectKept(page, title);
  expect(artworksTitled(title)).toEqual([]);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Create Post" }).tap();
  await expect(page).toHaveURL(/\/dashboard\?notice=artwork-created/);
  expect(artworksTitled(title)).toHaveLength(1);
});

test("its answer lost on the way back: sent again, the site finds the artwork the first sending stored", async ({
  page,
}) => {
  const title = `Answer Lost ${Date.now()}`;
  await fillCreateForm(page, title, "answer-lost.jpg");
  // The first sending reaches the site and is saved; its answer never reaches the phone.
  await page.route(
    /\/createPost\/upload$/,
    async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    },
    { times: 1 },
  );
  await page.getByRole("button", { name: "Create Post" }).tap();
  // Playwright's interception never reports the upload as finished, so this phone believes it was cut
  // off while sending; a real one whose bytes had all gone says it may have been saved.
  await expect(page.getByRole("alert")).toHaveText(
    /^(Not sent: the connection failed while sending "answer-lost\.jpg" \(image 1 of 1\)\. Nothing was lost; send again\.|The connection failed before the site answered, so it may have been saved\. Nothing was lost; send again: what was saved already is not saved twice\.)$/,
  );
  await expectKept(page, title);
  expect(artworksTitled(title)).toHaveLength(1);

  await page.getByRole("button", { name: "Create Post" }).tap();
  await expect(page).toHaveURL(/\/dashboard\?notice=artwork-created/);
  expect(artworksTitled(title)).toHaveLength(1);
});

test("an edit without new images sent with no signal stays on the page, kept, and saves once online", async ({
  page,
  context,
  baseURL,
}) => {
  const title = `Edited Offline ${Date.now()}`;
  await page.goto("/dashboard");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  const id = await createArtwork(page.request, baseURL!, title);
  // A page opened on a weak signal may not have finished anything it asks for in the background: held
  // here (a request for the site's routes, had the app made one), the submission must not need it.
  const routeRequests: string[] = [];
  await page.route(/\/__manifest\b/, (route) => void routeRequests.push(route.request().url()));
  await page.goto(`/edit/${id}`);
  await hydrated(page, "main form");
  await page.getByLabel("Medium").fill("Gouache on paper");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Update Post" }).tap();
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(
    "Not sent: no connection. Nothing was lost; send again.",
  );
  await expect(page.getByLabel("Medium")).toHaveValue("Gouache on paper");
  expect(localRows("select medium from posts where id = ?", id)).toEqual([{ medium: "Watercolour" }]);
  expect(routeRequests, "the page asked for routes it should already have").toEqual([]);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Update Post" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Post updated successfully!" })).toBeVisible();
  expect(localRows("select medium from posts where id = ?", id)).toEqual([{ medium: "Gouache on paper" }]);
});
