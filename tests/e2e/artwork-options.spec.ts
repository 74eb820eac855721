import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";
import { createArtwork, signIn } from "./admin-requests";

const DALES = fileURLToPath(new URL("../../seed/images/yorkshire-dales-print-1.jpg", import.meta.url));

test.describe("a print in sizes and editions, on a phone", () => {
  test.use({ viewport: PHONE });

  test("the artist adds a print with two options; a visitor enquires about the A3; the Inbox says A3", async ({
    page,
    browser,
  }) => {
    test.slow();
    const title = `Moorland Print ${Date.now()}`;
    await page.goto("/dashboard");
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.goto("/createPost");
    await hydrated(page, "main form");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Heather in August, printed on cotton rag.");
    await page.getByLabel("Medium").fill("Giclée print");
    await page.getByRole("textbox", { name: "Size", exact: true }).first().fill("Two sizes");
    await page.getByRole("checkbox", { name: "Artwork Print" }).check();

    // Options are added, filled and put in order where they are, keyboard first.
    await page.getByRole("button", { name: "Add an option" }).click();
    const first = page.getByRole("group", { name: "Option 1" });
    await expect(first.getByRole("textbox", { name: "Label" })).toBeFocused();
    await page.keyboard.type("A4 print");
    await first.getByRole("textbox", { name: "Size" }).fill("29.7 × 21 cm");
    await first.getByRole("textbox", { name: "Price (£)" }).fill("45");
    await first.getByRole("textbox", { name: "Edition" }).fill("50");
    await page.getByRole("button", { name: "Add another option" }).click();
    const second = page.getByRole("group", { name: "Option 2" });
    await expect(second.getByRole("textbox", { name: "Label" })).toBeFocused();
    await page.keyboard.type("A3 print");
    await second.getByRole("textbox", { name: "Size" }).fill("42 × 29.7 cm");
    await second.getByRole("textbox", { name: "Price (£)" }).fill("65");
    await second.getByRole("textbox", { name: "Edition" }).fill("25");
    await page.getByRole("button", { name: "Move up option 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Option moved to place 1 of 2." })).toBeAttached();
    await expect(first.getByRole("textbox", { name: "Label" })).toHaveValue("A3 print");
    // Moved back with the keyboard: focus stayed with the moved option's button.
    await expect(page.getByRole("button", { name: "Move down option 1" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(first.getByRole("textbox", { name: "Label" })).toHaveValue("A4 print");
    await expect(second.getByRole("textbox", { name: "Edition" })).toHaveValue("25");

    await page
      .getByLabel("Images")
      .setInputFiles([{ name: "moorland.jpg", mimeType: "image/jpeg", buffer: readFileSync(DALES) }]);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/dashboard\?notice=artwork-created/, { timeout: 30_000 });

    // The dashboard counts each option and sells them one at a time.
    await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
    const options = page.getByRole("list", { name: `Options of ${title}` });
    await expect(options).toContainText("A4 print 0 sold · 50 of 50 left");
    await options.getByRole("button", { name: `One more sold: A4 print, ${title}` }).click();
    await expect(options).toContainText("A4 print 1 sold · 49 of 50 left");
    const view = page.getByRole("link", { name: `View ${title}` });
    const artworkPath = (await view.getAttribute("href"))!;
    await page.goto(artworkPath.replace("/post/", "/edit/"));
    await judge(page);

    // A visitor, in a browser of their own.
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    const name = `Iris Collector ${Date.now()}`;
    await visitor.goto(artworkPath);
    await expect(visitor.getByText("from £45")).toBeVisible();
    const list = visitor.getByRole("region", { name: "Sizes and editions" });
    await expect(list.getByRole("listitem").nth(0)).toHaveText(/A4 print · 29\.7 × 21 cm · £45 · 49 of 50 left/);
    await expect(list.getByRole("listitem").nth(1)).toHaveText(/A3 print · 42 × 29\.7 cm · £65 · 25 of 25 left/);
    await hydrated(visitor);
    await visitor.getByRole("link", { name: "Enquire about A3 print" }).click();
    const dialog = visitor.getByRole("dialog", { name: title });
    await expect(dialog.getByRole("combobox", { name: "Option" })).toHaveValue(/.+/);
    await expect(dialog.getByRole("combobox", { name: "Option" }).locator("option:checked")).toHaveText(
      "A3 print · £65",
    );
    await dialog.getByRole("textbox", { name: "Full Name", exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: "Email Address", exact: true }).fill("iris@example.com");
    await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("3 Briggate, Leeds");
    await dialog.getByRole("textbox", { name: "Message", exact: true }).fill("Is the A3 signed?");
    await dialog.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(dialog.getByRole("heading", { name: "Enquiry Sent!" })).toBeVisible();
    await visitor.goto(`${artworkPath}?enquire=1&option=${encodeURIComponent("none")}`);
    await judge(visitor);
    await visitorContext.close();

    await page.goto("/inbox");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("A3 print · 42 × 29.7 cm");
    await expect(row.getByRole("link", { name: title })).toBeVisible();
  });
});

test.describe("options without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("Add an option sends the form back with a row; Enter in it saves, never moves or removes", async ({
    page,
    baseURL,
  }) => {
    await signIn(page.request, baseURL!);
    const title = `Plain Print ${Date.now()}`;
    const id = await createArtwork(page.request, baseURL!, title);
    await page.goto(`/edit/${encodeURIComponent(id)}`);
    await page.getByLabel("Description").fill("Changed before adding an option.");
    await page.getByRole("button", { name: "Add an option" }).click();
    // Back at the options, with what was typed kept and nothing saved yet.
    await expect(page).toHaveURL(/#artwork-options$/);
    await expect(page.getByLabel("Description")).toHaveValue("Changed before adding an option.");
    const option = page.getByRole("group", { name: "Option 1" });
    await option.getByRole("textbox", { name: "Label" }).fill("Card print");
    await option.getByRole("textbox", { name: "Price (£)" }).fill("12.50");
    await option.getByRole("textbox", { name: "Price (£)" }).press("Enter");
    await expect(page.getByText("Post updated successfully!")).toBeVisible();
    await expect(page.getByRole("group", { name: "Option 1" }).getByRole("textbox", { name: "Label" })).toHaveValue(
      "Card print",
    );
    await page.goto(`/post/${encodeURIComponent(id)}`);
    await expect(page.getByRole("region", { name: "Sizes and editions" })).toContainText(
      "Card print · £12.50 · Open edition",
    );
  });
});
