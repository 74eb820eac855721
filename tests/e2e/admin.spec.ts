import { ADMIN_PASSKEY, expect, PHONE, test } from "./fixtures";

test.describe("the admin on a phone", () => {
  test.use({ viewport: PHONE });

  test("signs in, approves a testimonial that then shows publicly, signs out and is refused", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();

    await page.getByLabel("Passkey").fill("not-the-passkey");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Incorrect passkey. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Passkey")).toBeFocused();

    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText(/\d+ pieces/)).toBeVisible();

    // The seeded pending testimonial by Sophie K. is not public until approved.
    await page.getByRole("button", { name: "Approve testimonial by Sophie K." }).click();
    await expect(page.getByRole("button", { name: "Disapprove testimonial by Sophie K." })).toBeVisible();
    await page.goto("/testimonials");
    await expect(page.getByText("Saw the open studio and loved it.")).toBeVisible();

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Disapprove testimonial by Sophie K." }).click();
    await expect(page.getByRole("button", { name: "Approve testimonial by Sophie K." })).toBeVisible();
    await page.goto("/testimonials");
    await expect(page.getByText("Saw the open studio and loved it.")).toHaveCount(0);

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    // The old page's approve form, replayed without a session, is refused and changes nothing.
    const refused = await page.request.post("/dashboard", {
      form: { intent: "approve", id: "demo-testimonial-5" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(401);
    await page.goto("/testimonials");
    await expect(page.getByText("Saw the open studio and loved it.")).toHaveCount(0);
  });
});
