// An event's image, as the artist adds, replaces and removes it at phone and desktop width, and as a
// visitor then sees it on the event's card.
import { fileURLToPath } from "node:url";
import { ADMIN_PASSKEY, DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";

const photo = (name: string) => fileURLToPath(new URL(`../../seed/images/${name}`, import.meta.url));

for (const [width, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`an event gets an image, shown on its card, then replaced and removed (${width})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const name = `Open Studio With Pictures ${width} ${Date.now()}`;
    await page.goto("/create-event");
    await hydrated(page);
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByLabel("Event Name").fill(name);
    await page.getByLabel("Description").fill("Paintings, prints and tea.");
    await page.getByLabel("Event Date").fill("2031-06-14");
    await page.getByLabel("Location").fill("Chapel Allerton, Leeds");
    await expect(page.getByText("One JPEG, PNG, WebP, GIF or AVIF image, up to 15 MB.")).toBeVisible();
    await page.getByLabel("Image", { exact: true }).setInputFiles(photo("wild-poppies-1.jpg"));
    await expect(page.getByRole("list", { name: "Chosen images" }).locator("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(page).toHaveURL(/\/dashboard\?notice=event-created/);

    // The visitor's card shows it, from the copy the browser made (never the original).
    await page.goto("/events");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    const picture = card.locator("img.event-card__image");
    await expect(picture).toHaveAttribute("src", /^\/images\/events\/\d+_wild-poppies-1\.display\.webp$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The edit form shows it, and a new one replaces it.
    await card.getByRole("link", { name: "Edit Event" }).click();
    await hydrated(page);
    await expect(page.getByRole("img", { name })).toBeVisible();
    await judge(page);
    await page.setViewportSize(viewport);
    await page.getByLabel("Replace image").setInputFiles(photo("wild-poppies-2.jpg"));
    await page.getByRole("button", { name: "Update Event" }).click();
    await expect(page.getByText("Event updated successfully!")).toBeVisible();
    await expect(page.getByRole("img", { name })).toHaveAttribute(
      "src",
      /^\/images\/events\/\d+_wild-poppies-2\.thumbnail\.webp$/,
    );

    // Remove image asks first, then the card goes without.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("checkbox", { name: "Remove image" }).check();
    await page.getByRole("button", { name: "Update Event" }).click();
    await expect(page.getByText("Event updated successfully!")).toBeVisible();
    await expect(page.getByRole("img", { name })).toHaveCount(0);
    await page.goto("/events");
    await expect(
      page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name }) })
        .locator("img"),
    ).toHaveCount(0);
  });
}
