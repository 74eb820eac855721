import { DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";

// Tests share one server: each one types its own unique text.

test.describe("contact on a phone", () => {
  test.use({ viewport: PHONE });

  test("shows the details, sends a message without a reload and clears the form", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page, "main form");
    await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByText("Available upon request")).toBeVisible();
    await expect(page.getByText("Leeds, United Kingdom")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send a Message" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Instagram (opens in a new tab)" })).toBeVisible();

    const name = page.getByLabel("Your Name");
    const email = page.getByRole("textbox", { name: "Email Address", exact: true });
    const message = page.getByRole("textbox", { name: "Message", exact: true });
    await expect(email).toHaveAttribute("type", "email");
    await name.fill("Phone Visitor");
    await email.fill(`visitor${Date.now()}@example.com`);
    await message.fill(`Is the harbour painting still available? ${Date.now()}`);
    // Marks the document: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // Hold the request until the busy state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();

    await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
    await expect(name).toHaveValue("");
    await expect(email).toHaveValue("");
    await expect(message).toHaveValue("");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("shows the server's message for an invalid e-mail address and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page, "main form");
    // Let the server, not the browser, judge the address.
    await page.evaluate(() => {
      for (const form of document.querySelectorAll("form")) form.noValidate = true;
    });
    const text = `Please call me back ${Date.now()}`;
    await page.getByLabel("Your Name").fill("Typo Visitor");
    await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(text);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).toHaveValue("not-an-email");
    await expect(page.getByLabel("Your Name")).toHaveValue("Typo Visitor");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(text);
    await expect(page.getByText("Message sent successfully!")).toHaveCount(0);

    // Corrected, it is sent, and every field (including the one the server echoed) is cleared.
    await page.getByRole("textbox", { name: "Email Address", exact: true }).fill(`typo${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel("Your Name")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  });
});

test.describe("contact on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("puts the details beside the form", async ({ page }) => {
    await page.goto("/contact");
    const info = await page.locator(".contact__info").boundingBox();
    const form = await page.locator(".contact__form-panel").boundingBox();
    expect(form!.x).toBeGreaterThan(info!.x + info!.width);
    expect(Math.abs(form!.y - info!.y)).toBeLessThan(40);
  });
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the form posts normally and the page says the message was sent", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill("No-JS Visitor");
    await page.getByRole("textbox", { name: "Email Address", exact: true }).fill(`nojs${Date.now()}@example.com`);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(`Sent without scripts ${Date.now()}`);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  });
});
