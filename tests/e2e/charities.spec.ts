// What her art raises, on her phone: she adds a charity, names it with a share on an artwork, records a
// sale and a donation; a visitor reads the share under the price, the charity's figures on the impact
// page, and the total given on the About page.
import { createArtwork, signIn } from "./admin-requests";
import { expect, hydrated, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test("a charity named on an artwork: its share under the price, a sale's pledge and a donation on /impact and About", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Kirkstall Abbey ${stamp}`;
  const charity = `Little Steps ${stamp}`;
  // Seven digits, as the Charity Commission writes a number; unique to this run.
  const number = String(stamp).slice(-7);
  await signIn(page.request, baseURL!);
  const id = await createArtwork(page.request, baseURL!, title);

  // The charity, added on the Charities screen.
  await page.goto("/charities");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Name" }).fill(charity);
  await page
    .getByRole("textbox", { name: "Registered charity number" })
    .fill(`${number.slice(0, 3)} ${number.slice(3)}`);
  await page.getByRole("textbox", { name: "What it does" }).fill("Walks with families through a child's illness.");
  await page.getByRole("button", { name: "Add Charity" }).tap();
  await expect(page.getByRole("status").getByText(`Added ${charity}.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: charity })).toBeVisible();

  // Named on the artwork with a share; a share that is no share is refused on its field first.
  await page.goto(`/edit/${id}`);
  await hydrated(page);
  await page.getByLabel("Charity", { exact: true }).selectOption({ label: charity });
  const share = page.getByRole("textbox", { name: "Share for the charity" });
  await share.fill("a quarter");
  await page.getByRole("button", { name: "Update Post" }).tap();
  await expect(page.getByText("Give the share as a whole percentage, like 25%, or in pounds, like £50.")).toBeVisible();
  await share.fill("25%");
  await page.getByRole("button", { name: "Update Post" }).tap();
  await expect(page.getByText("Post updated successfully!")).toBeVisible();

  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/post/${id}`);
  await expect(visitor.getByText(`25% of this sale supports ${charity}, registered charity ${number}`)).toBeVisible();

  // A sale at £400 pledges £100; then she gives £60.
  await page.goto(`/sales/new?artwork=${id}`);
  await page.getByRole("textbox", { name: /Price paid/ }).fill("400");
  await page.getByRole("button", { name: "Record Sale" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await page.goto("/charities");
  await hydrated(page);
  await page.getByLabel("Given to").selectOption({ label: charity });
  await page.getByRole("textbox", { name: "Amount given (£)" }).fill("60");
  await page.getByRole("button", { name: "Record Donation" }).tap();
  await expect(page.getByRole("status").getByText("Donation of £60 recorded.")).toBeVisible();

  // A visitor reads it on the impact page, from the footer, and the About page's line.
  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "What My Art Raises" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "What My Art Raises" })).toBeVisible();
  const card = visitor.getByRole("listitem").filter({ has: visitor.getByRole("heading", { name: charity }) });
  await expect(card).toContainText(`Registered charity ${number}`);
  await expect(card).toContainText("£60 given · £100 pledged by sales");
  await expect(visitor.getByRole("link", { name: new RegExp(title) })).toContainText("£100 pledged");
  const given = await visitor.locator(".impact__total dd").first().textContent();
  await visitor.goto("/about");
  await expect(
    visitor.getByRole("link", { name: `${given} given to children's charities so far: see what my art raises` }),
  ).toBeVisible();
  await visitorContext.close();
});
