import { ADMIN_PASSKEY, DESKTOP, expect, PHONE, test } from "./fixtures";

test.describe("the admin on a phone", () => {
  test.use({ viewport: PHONE });

  test("signs in, approves a testimonial that then shows publicly, signs out and is refused", async ({ page }) => {
    // This test's own testimonial, so no other test's view of the list changes under it.
    const author = `Priya ${Date.now()}`;
    const words = `Loved the open studio, ${author}!`;
    await page.goto("/testimonials/add");
    await page.getByLabel("Your Name").fill(author);
    await page.getByLabel("Your Testimonial").fill(words);
    await page.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();

    await page.getByLabel("Passkey").fill("not-the-passkey");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Incorrect passkey. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Passkey")).toBeFocused();

    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText(/\d+ pieces/)).toBeVisible();

    // Pending until approved; the switch shows at once and is saved when the action answers.
    const saved = () => page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/dashboard"));
    let answer = saved();
    await page.getByRole("button", { name: `Approve testimonial by ${author}` }).click();
    await expect(page.getByRole("button", { name: `Disapprove testimonial by ${author}` })).toBeVisible();
    expect((await answer).status()).toBe(200);
    await page.goto("/testimonials");
    await expect(page.getByText(words)).toBeVisible();

    await page.goto("/dashboard");
    answer = saved();
    await page.getByRole("button", { name: `Disapprove testimonial by ${author}` }).click();
    await expect(page.getByRole("button", { name: `Approve testimonial by ${author}` })).toBeVisible();
    expect((await answer).status()).toBe(200);
    await page.goto("/testimonials");
    await expect(page.getByText(words)).toHaveCount(0);

    // Deleted after a confirmation; it leaves the table.
    await page.goto("/dashboard");
    answer = saved();
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: `Delete testimonial by ${author}` }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("button", { name: `Delete testimonial by ${author}` })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(words)).toHaveCount(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    // The approve form, replayed without a session, is refused and changes nothing.
    const refused = await page.request.post("/dashboard", {
      form: { intent: "approve", id: "demo-testimonial-5" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(401);
    await page.goto("/testimonials");
    await expect(page.getByText("Saw the open studio and loved it.")).toHaveCount(0);
  });
});

test.describe("the admin on a laptop", () => {
  test.use({ viewport: DESKTOP });

  test("creates, edits and deletes an event", async ({ page }) => {
    const name = `Studio Evening ${Date.now()}`;
    // Arriving signed out, the form's Passkey field signs in.
    await page.goto("/create-event");
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByLabel("Event Name").fill(name);
    await page.getByLabel("Description").fill("Drinks and new work.");
    await page.getByLabel("Event Date").fill("2031-05-14");
    await page.getByLabel("Location").fill("Headingley, Leeds");
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(page).toHaveURL(/\/dashboard\?notice=event-created/);
    await expect(page.getByText("Event created successfully!")).toBeVisible();

    await page.goto("/events");
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card).toContainText("Upcoming");
    await card.getByRole("link", { name: "Edit Event" }).click();

    await expect(page.getByLabel("Passkey")).toHaveCount(0);
    await page.getByLabel("Event Name").fill(`${name} (moved)`);
    await page.getByLabel("Event Date").fill("");
    // Skip the browser's own check to see the server's answer.
    await page.getByLabel("Event Name").evaluate((input) => ((input as HTMLInputElement).form!.noValidate = true));
    await page.getByRole("button", { name: "Update Event" }).click();
    await expect(page.getByText("All fields are required.")).toBeVisible();
    await expect(page.getByLabel("Event Name")).toHaveValue(`${name} (moved)`);
    await page.getByLabel("Event Date").fill("2031-05-15");
    await page.getByRole("button", { name: "Update Event" }).click();
    await expect(page.getByText("Event updated successfully!")).toBeVisible();

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Delete Event" }).click();
    await expect(page).toHaveURL(/\/dashboard\?notice=event-deleted/);
    await expect(page.getByText("Event deleted successfully!")).toBeVisible();
    await page.goto("/events");
    await expect(page.getByText(name)).toHaveCount(0);
  });
});
