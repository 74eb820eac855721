// A visitor (or the artist) who starts typing before the page's code has arrived loses nothing when
// it takes over: every character of every field, the focus and the caret stay, and a box ticked
// meanwhile stays ticked, once. The code is held back while the first field is typed and released
// mid-typing, so React hydrates while the keys are still going.
import type { Locator, Page } from "@playwright/test";
import { signIn } from "./admin-requests";
import { ADMIN_PASSKEY, expect, holdAppCode, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** What goes into each field, in order: the first before the code is let go, the rest as it arrives. */
type Typed = Array<[label: string, text: string]>;

/**
 * Types `typed` into `within` with the page's code held until the first field is half typed, then
 * releases it and goes on typing key by key (slowly enough for the code to arrive mid-word), and
 * checks, once the form has hydrated, that every field, the focus and the caret are as typed.
 */
async function typeWhileCodeArrives(page: Page, within: Locator, release: () => void, typed: Typed) {
  // A passkey is a password field, which has no textbox role.
  const field = (label: string) =>
    within.getByRole("textbox", { name: label, exact: true }).or(within.getByLabel(label, { exact: true }));
  const [[firstLabel, firstText], ...rest] = typed as [Typed[number], ...Typed];
  const half = Math.ceil(firstText.length / 2);
  await field(firstLabel).tap();
  await page.keyboard.type(firstText.slice(0, half), { delay: 15 });
  // The page is still the server's: React has not taken the form yet.
  expect(await isHydrated(field(firstLabel))).toBe(false);
  release();
  await page.keyboard.type(firstText.slice(half), { delay: 40 });
  for (const [label, text] of rest) {
    await field(label).tap();
    await page.keyboard.type(text, { delay: 40 });
  }
  await expect.poll(() => isHydrated(field(typed.at(-1)![0])), { timeout: 30_000 }).toBe(true);
  for (const [label, text] of typed) await expect(field(label)).toHaveValue(text);
  const last = field(typed.at(-1)![0]);
  await expect(last).toBeFocused();
  const caret = await last.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => [
    element.selectionStart,
    element.value.length,
  ]);
  expect(caret[0]).toBe(caret[1]);
}

/** React has taken the field over: it carries React's props. */
const isHydrated = (field: Locator) =>
  field.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps")));

test("an enquiry opened from its link keeps what was typed while the code arrived, and sends it", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto("/post/demo-whitby-tide-pools");
  // Tapped before the code: the link opens the page with the dialog, as without JavaScript.
  await page.getByRole("link", { name: "Make Enquiry" }).tap();
  await expect(page).toHaveURL(/\?enquire=1$/);
  const dialog = page.getByRole("dialog", { name: "Tide Pools at Whitby" });
  await typeWhileCodeArrives(page, dialog, release, [
    ["Full Name", "Ada Typed-Early"],
    ["Email Address", "ada.early@example.com"],
    ["Address", "4 The Headrow, Leeds"],
    ["Message", "Typed while the page was still arriving."],
  ]);
  await dialog.getByRole("button", { name: "Send Enquiry" }).tap();
  await expect(page.getByRole("heading", { name: "Enquiry Sent!" })).toBeVisible();
});

test("the contact form keeps every character typed while the code arrived", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto("/contact");
  await typeWhileCodeArrives(page, page.locator("main form"), release, [
    ["Your Name", "Grace Early"],
    ["Email Address", "grace.early@example.com"],
    ["Message", "A message begun before the page's code."],
  ]);
});

test("the testimonial form keeps every character typed while the code arrived", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto("/testimonials/add");
  await typeWhileCodeArrives(page, page.locator("main form"), release, [
    ["Your Name", "Mary Early"],
    ["Your Testimonial", "Lovely painting, begun before the code."],
  ]);
});

test("the artist's create forms keep what she typed and ticked while the code arrived", async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!);
  const release = await holdAppCode(page);
  await page.goto("/createPost");
  const form = page.locator("main form");
  // A box ticked before the code: still ticked, once, when the code has come.
  const acrylic = form.getByRole("checkbox", { name: "Acrylic", exact: true });
  await expect(acrylic).not.toBeChecked();
  await acrylic.tap();
  await typeWhileCodeArrives(page, form, release, [
    ["Title", "Early Morning Tide"],
    ["Description", "Begun on the bus, before the page was ready."],
    ["Medium", "Oil on board"],
    ["Size", "30 x 40 cm"],
  ]);
  await expect(acrylic).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Oil", exact: true })).toBeChecked();

  const again = await holdAppCode(page);
  await page.goto("/create-event");
  await typeWhileCodeArrives(page, page.locator("main form"), again, [
    ["Event Name", "Early Open Studio"],
    ["Description", "Typed while the code was on its way."],
    ["Location", "Chapel Allerton, Leeds"],
  ]);
});

test("the sign-in keeps the passkey typed while the code arrived, and signs in", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto("/dashboard");
  const form = page.locator("main form").filter({ has: page.getByLabel("Passkey", { exact: true }) });
  await typeWhileCodeArrives(page, form, release, [["Passkey", ADMIN_PASSKEY]]);
  await form.getByRole("button", { name: "Sign In", exact: true }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
});

test("keys typed without a pause while the page hydrates never stop it from working", async ({ page }) => {
  // Each key reaching React while its first render waits for the page's data would make it finish
  // hydrating at once and fail for good (React error 345): the page would never answer again.
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  const release = await holdAppCode(page);
  await page.goto("/contact");
  const message = page.getByRole("textbox", { name: "Message", exact: true });
  await message.tap();
  // Besides the keys typed below, one keystroke's events at every turn of the page's event loop, until
  // React has taken the field: no moment of hydration goes without a key.
  await message.evaluate((field) => {
    const hydrated = () => Object.keys(field).some((key) => key.startsWith("__reactProps"));
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      for (const type of ["keydown", "keypress", "textInput", "input", "keyup"])
        field.dispatchEvent(new Event(type, { bubbles: true }));
      if (!hydrated()) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
  release();
  const text = "Typed at full speed while the page's code took over. ".repeat(4);
  await page.keyboard.type(text, { delay: 2 });
  await expect.poll(() => isHydrated(message), { timeout: 30_000 }).toBe(true);
  await expect(message).toHaveValue(text);
  expect(errors).toEqual([]);
});
