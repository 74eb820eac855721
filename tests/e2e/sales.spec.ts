// The sales desk on the artist's phone: an enquiry arrives, she reserves the work for its sender (a
// visitor sees Reserved), records the sale from it (the buyer's details come prefilled; the visitor sees
// SOLD), opens the collector and downloads the certificate (which anyone can check at its page), and
// undoing the sale puts the work back on sale (the certificate no longer checks out).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { createArtwork, signIn } from "./admin-requests";
import { expect, hydrated, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** A visitor, signed out, sends an enquiry about artwork `id` from its page. */
async function enquire(
  visitor: Page,
  id: string,
  title: string,
  fields: { name: string; email: string; address: string; message: string },
) {
  await visitor.goto(`/post/${id}?enquire=1`);
  const dialog = visitor.getByRole("dialog", { name: title });
  await dialog.getByRole("textbox", { name: "Full Name", exact: true }).fill(fields.name);
  await dialog.getByRole("textbox", { name: "Email Address", exact: true }).fill(fields.email);
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill(fields.address);
  await dialog.getByRole("textbox", { name: "Message", exact: true }).fill(fields.message);
  await dialog.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(dialog.getByRole("heading", { name: "Enquiry Sent!" })).toBeVisible();
}

test("reserved for its enquirer, then sold to them: Reserved, then SOLD, and undone available again", async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Sold at Staithes ${Date.now()}`;
  const buyer = `Ada Buyer ${Date.now()}`;
  await signIn(page.request, baseURL!);
  const id = await createArtwork(page.request, baseURL!, title);

  // A visitor, signed out, enquires.
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await enquire(visitor, id, title, {
    name: buyer,
    email: "Ada.Buyer@example.com",
    address: "9 Church Street, Staithes",
    message: "I'd love to buy it.",
  });

  // The artist reserves the work for the enquirer: visitors read Reserved, and can still enquire.
  await page.goto("/inbox");
  const row = page.getByRole("row").filter({ hasText: buyer });
  await row.getByRole("link", { name: `Reserve for ${buyer}` }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Reserve" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Held for" })).toHaveValue(buyer);
  await page.getByRole("button", { name: "Reserve", exact: true }).tap();
  await expect(page.getByRole("status").getByText(`Reserved: ${title}, for ${buyer}.`)).toBeVisible();
  await visitor.goto(`/post/${id}`);
  await expect(visitor.getByText("RESERVED", { exact: true })).toBeVisible();
  await expect(visitor.getByText(/^Reserved until /)).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Make Enquiry" })).toBeVisible();

  // Then records the sale from the enquiry.
  await page.goto("/inbox");
  await row.getByRole("link", { name: `Record Sale: ${buyer}` }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Record a Sale" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(buyer);
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("Ada.Buyer@example.com");
  await expect(page.getByRole("textbox", { name: "Address" })).toHaveValue("9 Church Street, Staithes");
  // Not a price: told on the field, and what she typed is kept.
  const price = page.getByRole("textbox", { name: /Price paid/ });
  await price.fill("about 400");
  await page.getByRole("textbox", { name: "Note" }).fill("Collected after the open studio.");
  await page.getByRole("button", { name: "Record Sale" }).tap();
  await expect(page.getByText("Give the price paid in pounds, like 450 or 450.50.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Note" })).toHaveValue("Collected after the open studio.");
  await price.fill("380");
  await page.getByRole("button", { name: "Record Sale" }).tap();

  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await expect(page.getByRole("status").getByText(`Sale recorded: ${title}.`)).toBeVisible();
  const sale = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(sale).toContainText("£380");
  await expect(sale).toContainText("ada.buyer@example.com");
  await expect(sale).toContainText("Collected after the open studio.");

  // Sold to the one it was held for: no longer reserved.
  await expect(page.getByText("Nothing is reserved.")).toBeVisible();
  await visitor.goto(`/post/${id}`);
  await expect(visitor.getByText("SOLD", { exact: true }).first()).toBeVisible();
  await expect(visitor.getByText("RESERVED", { exact: true })).toHaveCount(0);

  // The buyer is a collector now, with the purchase and the enquiry it came from.
  await sale.getByRole("link", { name: buyer }).tap();
  await expect(page.getByRole("heading", { level: 1, name: buyer })).toBeVisible();
  await expect(page.getByText("1 purchase · £380")).toBeVisible();
  await expect(page.getByRole("link", { name: `Enquiry about ${title}` })).toBeVisible();

  // Its certificate of authenticity: a PDF with the work and its number, which anyone can check online.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Certificate (PDF): ${title}` }).tap();
  const download = await downloading;
  const number = /^certificate-([0-9A-F]{4}(?:-[0-9A-F]{4}){3})\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect(number, download.suggestedFilename()).toBeTruthy();
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain(title);
  expect(text).toContain(number);
  expect(text).not.toContain(buyer);
  await visitor.goto(`/certificate/${number}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Certificate of authenticity" })).toBeVisible();
  await expect(visitor.getByText(title, { exact: true })).toBeVisible();
  await expect(visitor.getByText(number!, { exact: true })).toBeVisible();
  await expect(visitor.getByText(buyer)).toHaveCount(0);
  await page.goBack();

  page.once("dialog", (confirm) => void confirm.accept());
  await sale.getByRole("button", { name: `Undo Sale: ${title}` }).tap();
  await expect(page.getByText("Sale undone: the work is available again.")).toBeVisible();
  await expect(sale.getByText("Undone", { exact: true })).toBeVisible();
  await visitor.goto(`/post/${id}`);
  await expect(visitor.getByRole("link", { name: "Make Enquiry" })).toBeVisible();
  await expect(visitor.getByText("SOLD", { exact: true })).toHaveCount(0);
  await visitor.goto(`/certificate/${number}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Certificate not found" })).toBeVisible();
  await visitorContext.close();
});

test("without Stripe, her reply to an enquiry carries the payment instructions she set on the Sales page", async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Paid by transfer ${Date.now()}`;
  const buyer = `Bea Transfer ${Date.now()}`;
  // Unique to this run, so the thread shows these instructions and not another test's.
  const instructions = `Bank transfer to A. Okoye, sort code 12-34-56, account 12345678, reference ${Date.now()}.`;
  await signIn(page.request, baseURL!);
  const id = await createArtwork(page.request, baseURL!, title);

  const visitorContext = await browser.newContext({ viewport: PHONE });
  await enquire(await visitorContext.newPage(), id, title, {
    name: buyer,
    email: "bea.transfer@example.com",
    address: "3 Market Place, Otley",
    message: "How can I pay for it?",
  });
  await visitorContext.close();

  // Her instructions, set once on the Sales page: typed once the page's code runs, since the box holds the
  // instructions already saved (the demo's) and a busy machine may hydrate after the typing.
  await page.goto("/sales");
  await hydrated(page);
  await page.getByRole("textbox", { name: "How buyers pay you" }).fill(instructions);
  await page.getByRole("button", { name: "Save Instructions" }).tap();
  await expect(page.getByText("Payment instructions saved.")).toBeVisible();

  // The reply offers them (no payment link: this server has no Stripe key), and carries them after her words.
  await page.goto("/inbox");
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: buyer });
  await row.getByText(`Read enquiry from ${buyer}`).tap();
  await expect(row.getByRole("textbox", { name: "Payment link (£)" })).toHaveCount(0);
  await row.getByRole("textbox", { name: `Reply to ${buyer}` }).fill("Thank you! It is yours for £420.");
  await row.getByRole("checkbox", { name: "Add my payment instructions" }).check();
  await row.getByRole("button", { name: "Send Reply" }).tap();
  await expect(row.getByRole("status").filter({ hasText: "Reply sent." })).toBeVisible();
  const thread = row.getByRole("list", { name: "Your replies" });
  await expect(thread).toContainText("Thank you! It is yours for £420.");
  await expect(thread).toContainText(instructions);
});
