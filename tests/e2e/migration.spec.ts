import { ADMIN_PASSKEY, DESKTOP, expect, test } from "./fixtures";
import { LEGACY_POST_ID, LEGACY_POST_TITLE } from "./legacy-host";

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
