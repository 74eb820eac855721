import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSKEY, DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";
import { LEGACY_POST_ID, LEGACY_POST_TITLE, WEAK_SIGNAL_POST_ID, WEAK_SIGNAL_POST_TITLE } from "./legacy-host";
import { imageKeysWith, localRows } from "./stored";

const SKETCH = readFileSync(fileURLToPath(new URL("../../seed/images/wild-poppies-1.jpg", import.meta.url)));

// The tool walks one list, oldest first: the weak-signal test migrates its own artwork (the oldest),
// then the copy test takes the other and finds the list empty.
test.describe.configure({ mode: "serial" });

test.describe("on a phone with a weak signal", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("an upload keeps its image offline and after a lost answer, and sent again migrates the artwork once", async ({
    page,
    context,
  }) => {
    await page.goto("/migration-tool");
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In", exact: true }).tap();
    await expect(page.getByRole("heading", { name: WEAK_SIGNAL_POST_TITLE })).toBeVisible();
    await hydrated(page, "main form");
    const stem = `stall-${Date.now()}`;
    await page
      .getByLabel("Or upload replacement images")
      .setInputFiles({ name: `${stem}.jpg`, mimeType: "image/jpeg", buffer: SKETCH });
    const chosen = page.getByRole("list", { name: "Chosen images" }).locator("img");
    await expect(chosen).toHaveCount(1);
    const send = page.getByRole("button", { name: "Upload and Continue" });
    const said = page.locator("form", { has: send }).getByRole("alert");

    await context.setOffline(true);
    await send.tap();
    await expect(said).toHaveText("Not sent: no connection. Nothing was lost; send again.");
    await expect(chosen).toHaveCount(1);
    await expect(send).toBeFocused();
    await context.setOffline(false);

    // The next sending reaches the site and is saved; its answer never reaches the phone.
    await page.route(
      /\/migration-tool\/upload$/,
      async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
    await send.tap();
    await expect(said).toContainText("Nothing was lost; send again");
    await expect(chosen).toHaveCount(1);
    await expect(page.getByRole("heading", { name: WEAK_SIGNAL_POST_TITLE })).toBeVisible();
    const migrated = localRows(
      "select image_urls from posts where id = ? and migrated_at is not null",
      WEAK_SIGNAL_POST_ID,
    );
    expect(migrated).toHaveLength(1);
    const stored = imageKeysWith(stem);
    // The original and its light copies, once.
    expect(stored.filter((key) => key.endsWith(`${stem}.jpg`))).toHaveLength(1);

    await send.tap();
    await expect(
      page.getByText("That artwork’s images were already in our storage; nothing more was stored."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: WEAK_SIGNAL_POST_TITLE })).toHaveCount(0);
    expect(localRows("select image_urls from posts where id = ?", WEAK_SIGNAL_POST_ID)).toEqual(migrated);
    expect(imageKeysWith(stem)).toEqual(stored);
  });
});

test.use({ viewport: DESKTOP });

test("an artwork on the old site's host is migrated with 'Copy automatically' and then served from our storage", async ({
  page,
}) => {
  await page.goto("/migration-tool");
  await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/migration-tool/);

  await expect(page.getByText(/^Artwork 1 of \d+ still on a legacy host$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: LEGACY_POST_TITLE })).toBeVisible();
  await expect(page.getByText(/\/legacy\/robin-hoods-bay-boats-1\.jpg$/)).toBeVisible();

  await page.getByRole("button", { name: "Copy automatically" }).click();
  await expect(page.getByText("Images moved into our storage.")).toBeVisible();
  await expect(page.getByRole("heading", { name: LEGACY_POST_TITLE })).toHaveCount(0);

  // The artwork page now shows both images from /images/, through the copies the server made of them, and they load.
  await page.goto(`/post/${LEGACY_POST_ID}`);
  const first = page.getByRole("img", { name: `${LEGACY_POST_TITLE}, image 1 of 2` }).first();
  await expect(first).toHaveAttribute("src", /^\/images\/posts\/\d+_robin-hoods-bay-boats-1\.display\.webp$/);
  await expect(first).toHaveAttribute(
    "srcset",
    /\.thumbnail\.webp 480w, .*\.medium\.webp 800w, .*\.display\.webp 1200w$/,
  );
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto("/migration-tool");
  await expect(page.getByRole("heading", { name: "All images are in our storage" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
});
