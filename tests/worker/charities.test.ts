// The charities she supports, through the whole Worker: kept on their settings screen (any of the three
// regulators' numbers, one default), named by an artwork with a share that its page states under the
// price, and pledged by each sale as it stood when sold.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { charities, donations } from "~/charities/schema";
import { CHARITY_NUMBER_MESSAGE } from "~/charities/number";
import { SHARE_MESSAGE } from "~/charities/share";
import { sales } from "~/sales/schema";
import { artworkForm, postForm, postMultipart, saleForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, makeOption, pageText } from "./helpers";

const database = db(env);
let cookie: string;

const CANDLELIGHTERS = {
  intent: "save",
  name: "Candlelighters",
  number: "1012345",
  website: "www.candlelighters.org.uk",
  about: "Supports children with cancer and their families in Yorkshire.",
  usualShare: "25%",
  isDefault: "on",
};

const addCharity = (fields: Record<string, string>) => postForm("/charities", fields, { Cookie: cookie });
const charityRows = () => database.select().from(charities).orderBy(charities.name);
/** A public page as a visitor gets it: from the cache when it holds the page. */
const page = async (path: string) => (await fetchApp(path)).text();

/** Adds Candlelighters (the default, 25% usually) and returns its id. */
async function candlelighters(fields: Record<string, string> = {}): Promise<string> {
  expect((await addCharity({ ...CANDLELIGHTERS, ...fields })).status).toBe(200);
  const [row] = await database
    .select()
    .from(charities)
    .where(eq(charities.name, fields.name ?? "Candlelighters"));
  return row!.id;
}

const artworkFields = {
  intent: "save",
  title: "Roundhay Lake",
  description: "Morning on the lake.",
  medium: "Oil on canvas",
  size: "50 x 40 cm",
  price: "400",
  available: "yes",
};
const saveArtwork = (id: string, fields: Record<string, string>) =>
  postMultipart(`/edit/${id}`, artworkForm({ ...artworkFields, ...fields }, ["oil"], []), { Cookie: cookie });

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await database.delete(sales);
  await database.delete(donations);
  await database.delete(charities);
  await upsertArtworks(database, [
    makeArtwork({ id: "ch-lake", title: "Roundhay Lake", price: "400", charityShare: null }),
    makeArtwork({
      id: "ch-print",
      title: "Dales Print",
      price: null,
      options: [makeOption({ id: "ch-a3", pricePence: 6500 }), makeOption({ id: "ch-a4", pricePence: 3500 })],
      charityShare: null,
    }),
  ]);
});

describe("the Charities screen", () => {
  it("adds a charity with a number in any regulator's form, and refuses a wrong one keeping what was typed", async () => {
    await candlelighters({ number: " 1012345 " });
    const refused = await addCharity({ ...CANDLELIGHTERS, name: "Martin House", number: "1025-7", isDefault: "" });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain(CHARITY_NUMBER_MESSAGE);
    expect(html).toMatch(/name="name"[^>]*value="Martin House"|value="Martin House"[^>]*name="name"/);

    await candlelighters({ name: "Children 1st", number: "sc 016092", isDefault: "" });
    await candlelighters({ name: "Cancer Fund for Children", number: "nic100002", isDefault: "" });
    await candlelighters({ name: "Martin House", number: "517919-1", isDefault: "", website: "" });
    expect((await charityRows()).map(({ name, number, website }) => [name, number, website])).toEqual([
      ["Cancer Fund for Children", "NIC100002", "https://www.candlelighters.org.uk"],
      ["Candlelighters", "1012345", "https://www.candlelighters.org.uk"],
      ["Children 1st", "SC016092", "https://www.candlelighters.org.uk"],
      ["Martin House", "517919-1", null],
    ]);

    // One number once.
    const twice = await addCharity({ ...CANDLELIGHTERS, name: "Candlelighters Trust", isDefault: "" });
    expect(twice.status).toBe(409);
    expect(await pageText(twice)).toContain("A charity with this number is on the list already.");
    expect(await charityRows()).toHaveLength(4);

    const list = await pageText(await fetchApp("/charities", { headers: { Cookie: cookie } }));
    expect(list).toContain("Registered charity SC016092");
    expect(list).toContain("Usual share: 25%");
  });

  it("keeps one default: another made the default takes its place; an edit saves on the charity's own page", async () => {
    const first = await candlelighters();
    const second = await candlelighters({ name: "Martin House", number: "517919", usualShare: "£50" });
    expect((await charityRows()).map(({ name, isDefault }) => [name, isDefault])).toEqual([
      ["Candlelighters", false],
      ["Martin House", true],
    ]);

    const edited = await postForm(
      `/charities/${first}`,
      { ...CANDLELIGHTERS, name: "Candlelighters Trust", usualShare: "30%" },
      { Cookie: cookie },
    );
    expect(edited.status).toBe(302);
    expect(edited.headers.get("Location")).toBe("/charities");
    const rows = await charityRows();
    expect(rows.map(({ id, name, isDefault, usualShare }) => [id, name, isDefault, usualShare])).toEqual([
      [first, "Candlelighters Trust", true, { percent: 30 }],
      [second, "Martin House", false, { pence: 5000 }],
    ]);
    const wrong = await postForm(`/charities/${first}`, { ...CANDLELIGHTERS, usualShare: "lots" }, { Cookie: cookie });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain(SHARE_MESSAGE);
    expect((await fetchApp("/charities/no-such-charity", { headers: { Cookie: cookie } })).status).toBe(404);
  });
});

describe("an artwork's charity and share", () => {
  it("says under the price whom its sale supports, and follows a renamed charity onto the cached page", async () => {
    const charity = await candlelighters();
    expect(await page("/post/ch-lake")).not.toContain("of this sale supports");
    expect((await saveArtwork("ch-lake", { charity, share: " 25 % " })).status).toBe(200);
    expect((await getArtwork(database, "ch-lake"))!.charityShare).toEqual({ percent: 25, charityId: charity });
    // Under the price, linked to the impact page.
    expect(await page("/post/ch-lake")).toMatch(
      /<p class="post__charity"><a [^>]*href="\/impact"[^>]*>25% of this sale supports Candlelighters, registered charity 1012345<\/a><\/p>/,
    );
    // Cached now; renamed, the charity is purged onto the page.
    expect(await page("/post/ch-lake")).toContain("supports Candlelighters,");
    await postForm(`/charities/${charity}`, { ...CANDLELIGHTERS, name: "Candlelighters Trust" }, { Cookie: cookie });
    expect(await page("/post/ch-lake")).toContain("25% of this sale supports Candlelighters Trust, registered charity");

    // Its edit form shows the share as saved.
    const form = await (await fetchApp("/edit/ch-lake", { headers: { Cookie: cookie } })).text();
    expect(form).toMatch(/<option value="[^"]+" selected="">Candlelighters Trust<\/option>/);
    expect(form).toMatch(/name="share"[^>]*value="25%"/);

    // None: the line goes.
    expect((await saveArtwork("ch-lake", { charity: "", share: "" })).status).toBe(200);
    expect((await getArtwork(database, "ch-lake"))!.charityShare).toBeNull();
    expect(await page("/post/ch-lake")).not.toContain("of this sale supports");
  });

  it.each([
    ["a share over 100%", { share: "120%" }, SHARE_MESSAGE],
    ["a share that is neither", { share: "50" }, SHARE_MESSAGE],
    ["a fixed share over the price", { share: "£450" }, "£450 is more than the price of £400"],
    ["a share without a charity", { charity: "", share: "25%" }, "Choose the charity this share supports"],
    ["a charity without a share", { share: "" }, "Give the share of a sale this charity receives"],
  ])("refuses %s, keeping what was typed", async (_, fields, message) => {
    const charity = await candlelighters();
    const response = await saveArtwork("ch-lake", { charity, ...fields, description: "Typed, and kept." });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain(message);
    expect(html).toContain("Typed, and kept.");
    expect((await getArtwork(database, "ch-lake"))!.charityShare).toBeNull();
  });

  it("refuses a fixed share over a print's lowest price", async () => {
    const charity = await candlelighters();
    const form = artworkForm({ ...artworkFields, price: "", charity, share: "£40" }, ["oil"], []);
    for (const [id, price] of [
      ["ch-a3", "65"],
      ["ch-a4", "35"],
    ]) {
      const row = {
        optionId: id!,
        optionLabel: id!,
        optionSize: "",
        optionPrice: price!,
        optionEdition: "",
        optionSold: "",
      };
      for (const [name, value] of Object.entries(row)) form.append(name, value);
    }
    const response = await postMultipart("/edit/ch-print", form, { Cookie: cookie });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("£40 is more than the price of £35");
  });

  it("starts a new artwork's form from the default charity and its usual share", async () => {
    await candlelighters({ name: "Martin House", number: "517919", isDefault: "" });
    const charity = await candlelighters({ usualShare: "£50" });
    const form = await (await fetchApp("/createPost", { headers: { Cookie: cookie } })).text();
    expect(form).toContain(`<option value="${charity}" selected="">Candlelighters</option>`);
    expect(form).toMatch(/name="share"[^>]*value="£50"/);
  });

  it("offers the Charities screen while there are none", async () => {
    const form = await (await fetchApp("/createPost", { headers: { Cookie: cookie } })).text();
    expect(form).not.toContain('name="charity"');
    expect(form).toMatch(/<a [^>]*href="\/charities"[^>]*>Charities<\/a>/);
  });
});

describe("what a sale pledges", () => {
  const recordSale = (artwork: string, fields: Record<string, string> = {}) =>
    postForm(`/sales/new?artwork=${artwork}`, saleForm({ artwork, price: "400", ...fields }), { Cookie: cookie });

  it("fixes the share when sold: 25% of £400 pledges £100 whatever the share becomes; the price changed, it follows", async () => {
    const charity = await candlelighters();
    await saveArtwork("ch-lake", { charity, share: "25%" });
    expect((await recordSale("ch-lake")).status).toBe(302);
    await saveArtwork("ch-lake", { charity, share: "50%", available: "no" });
    const [sale] = await database.select().from(sales);
    expect([sale!.charityId, sale!.charityShare, sale!.pledgePence]).toEqual([charity, { percent: 25 }, 10000]);
    // The Sales page says it, with the way to the charity.
    expect(await pageText(await fetchApp("/sales", { headers: { Cookie: cookie } }))).toMatch(
      new RegExp(`Pledges £100 to <a [^>]*href="/charities/${charity}"[^>]*>Candlelighters</a>`),
    );

    // Its price corrected on its page: the pledge is the same share of the new price.
    const changed = await postForm(
      `/sales/${sale!.id}`,
      {
        price: "300",
        soldOn: "2026-11-20",
        payment: "bank-transfer",
        shipping: "courier",
        name: "",
        email: "",
        address: "",
        note: "",
      },
      { Cookie: cookie },
    );
    expect(changed.status).toBeLessThan(400);
    expect((await database.select().from(sales))[0]!.pledgePence).toBe(7500);
  });

  it("pledges a fixed share, never more than was paid; a print's option pledges its share of the option's price", async () => {
    const charity = await candlelighters({ usualShare: "" });
    await saveArtwork("ch-lake", { charity, share: "£50" });
    await recordSale("ch-lake", { price: "30" });
    expect((await database.select().from(sales))[0]!.pledgePence).toBe(3000);

    await upsertArtworks(database, [
      makeArtwork({
        id: "ch-print",
        title: "Dales Print",
        price: null,
        options: [makeOption({ id: "ch-a3", pricePence: 6500 })],
        charityShare: { charityId: charity, percent: 10 },
      }),
    ]);
    expect((await recordSale("ch-print", { option: "ch-a3", price: "65" })).status).toBe(302);
    const print = (await database.select().from(sales).where(eq(sales.artworkId, "ch-print")))[0]!;
    expect(print.pledgePence).toBe(650);
  });

  it("lets a print option give its own share: the page says each option's, its sale pledges it, a wrong one is refused on its row", async () => {
    const charity = await candlelighters();
    const saveOptions = (rows: [string, string, string][]) => {
      const form = artworkForm({ ...artworkFields, price: "", charity, share: "10%" }, ["oil"], []);
      for (const [id, price, share] of rows) {
        const row = { optionId: id, optionLabel: id, optionSize: "", optionPrice: price, optionEdition: "" };
        for (const [name, value] of Object.entries({ ...row, optionSold: "", optionShare: share }))
          form.append(name, value);
      }
      return postMultipart("/edit/ch-print", form, { Cookie: cookie });
    };

    // Its own fixed amount is checked against its own price, not the artwork's share against it.
    const refused = await saveOptions([
      ["ch-a3", "65", "£5"],
      ["ch-a4", "35", "£40"],
    ]);
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain("£40 is more than this option's price of £35.");
    expect(html).toMatch(/name="optionShare"[^>]*value="£5"/);
    expect((await getArtwork(database, "ch-print"))!.charityShare).toBeNull();

    const saved = await saveOptions([
      ["ch-a3", "65", "£5"],
      ["ch-a4", "35", ""],
    ]);
    expect(await pageText(saved)).toContain("Post updated successfully!");
    const shown = await page("/post/ch-print");
    expect(shown).toContain("Each sale supports Candlelighters, registered charity 1012345");
    expect(shown).toMatch(/ch-a3<\/strong> · £65 · Open edition · £5 to charity/);
    expect(shown).toMatch(/ch-a4<\/strong> · £35 · Open edition · 10% to charity/);
    expect(shown).not.toContain("of this sale supports");

    expect((await recordSale("ch-print", { option: "ch-a3", price: "65" })).status).toBe(302);
    expect((await recordSale("ch-print", { option: "ch-a4", price: "35" })).status).toBe(302);
    const pledged = await database
      .select({ optionId: sales.optionId, charityShare: sales.charityShare, pledgePence: sales.pledgePence })
      .from(sales)
      .orderBy(sales.optionId);
    expect(pledged).toEqual([
      { optionId: "ch-a3", charityShare: { pence: 500 }, pledgePence: 500 },
      { optionId: "ch-a4", charityShare: { percent: 10 }, pledgePence: 350 },
    ]);
  });

  it("pledges nothing for a charity deleted since, and keeps a charity with pledges from deletion", async () => {
    const kept = await candlelighters();
    const gone = await candlelighters({ name: "Martin House", number: "517919", isDefault: "" });
    await upsertArtworks(database, [
      makeArtwork({ id: "ch-lake", price: "400", charityShare: { charityId: kept, percent: 25 } }),
      makeArtwork({ id: "ch-other", price: "200", charityShare: { charityId: gone, percent: 25 } }),
    ]);
    expect(await page("/post/ch-other")).toContain("supports Martin House");
    const deleted = await postForm("/charities", { intent: "delete", id: gone }, { Cookie: cookie });
    expect(await pageText(deleted)).toContain("Charity deleted.");
    expect(await page("/post/ch-other")).not.toContain("of this sale supports");
    expect((await recordSale("ch-other", { price: "200" })).status).toBe(302);
    expect((await recordSale("ch-lake")).status).toBe(302);
    const pledges = await database
      .select({ artworkId: sales.artworkId, charityId: sales.charityId, pledgePence: sales.pledgePence })
      .from(sales)
      .orderBy(sales.artworkId);
    expect(pledges).toEqual([
      { artworkId: "ch-lake", charityId: kept, pledgePence: 10000 },
      { artworkId: "ch-other", charityId: null, pledgePence: null },
    ]);

    const refused = await postForm("/charities", { intent: "delete", id: kept }, { Cookie: cookie });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("Sales pledged to this charity or donations to it are on record");
    expect((await charityRows()).map((row) => row.id)).toEqual([kept]);
  });
});

describe("donations, and what her art raises in public", () => {
  const donate = (fields: Record<string, string>) =>
    postForm(
      "/charities",
      { intent: "donate", submission: `Donation${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`, ...fields },
      { Cookie: cookie },
    );
  const recordSale = (artwork: string, fields: Record<string, string> = {}) =>
    postForm(`/sales/new?artwork=${artwork}`, saleForm({ artwork, price: "400", ...fields }), { Cookie: cookie });

  it("records a donation once per form sent, says a gift beyond the pledges, and refuses what is not one", async () => {
    const charity = await candlelighters();
    const fields = { charity, amount: "250", givenOn: "2026-11-01", reference: "CL-2026-11" };
    const submission = "DonationSentTwice001";
    const first = await donate({ ...fields, submission });
    expect(await pageText(first)).toContain(
      "Donation of £250 recorded. Given to Candlelighters in all is £250 more than sales have pledged to it.",
    );
    await donate({ ...fields, submission });
    expect(await database.select().from(donations)).toMatchObject([
      { id: submission, charityId: charity, amountPence: 25000, givenOn: "2026-11-01", reference: "CL-2026-11" },
    ]);

    for (const [wrong, message] of [
      [{ amount: "lots" }, "Give the amount given in pounds, like 250 or 250.50."],
      [{ givenOn: "2999-01-01" }, "The day it was given cannot be in the future."],
      [{ charity: "" }, "Please choose the charity you gave to."],
    ] as const) {
      const refused = await donate({ ...fields, ...wrong, reference: "Kept on refusal" });
      expect(refused.status).toBe(400);
      const html = await pageText(refused);
      expect(html).toContain(message);
      expect(html).toContain('value="Kept on refusal"');
    }
    expect(await database.select().from(donations)).toHaveLength(1);
    expect(await pageText(await fetchApp("/charities", { headers: { Cookie: cookie } }))).toContain(
      "£250 to Candlelighters",
    );
  });

  it("shows given and pledged apart, per charity and year, with the works that raised it; purged by each change", async () => {
    const charity = await candlelighters();
    await upsertArtworks(database, [
      makeArtwork({
        id: "ch-lake",
        title: "Roundhay Lake",
        price: "400",
        charityShare: { charityId: charity, percent: 25 },
      }),
    ]);
    const empty = await pageText(await fetchApp("/impact"));
    expect(empty).toMatch(/Given<\/dt><dd>£0<\/dd>/);
    expect(empty).not.toContain("The works that raised it");

    // A sale pledges: the cached page is purged onto it.
    expect((await recordSale("ch-lake", { soldOn: "2025-06-01" })).status).toBe(302);
    let impact = await pageText(await fetchApp("/impact"));
    expect(impact).toMatch(/Pledged by sales<\/dt><dd>£100<\/dd>/);
    expect(impact).toMatch(/Given since 2025<\/dt><dd>£0<\/dd>/);
    expect(impact).toContain("£0 given · £100 pledged by sales");
    expect(impact).toMatch(/<th scope="row">2025<\/th><td>£0<\/td><td>£100<\/td>/);
    expect(impact).toContain('href="/post/ch-lake"');
    expect(impact).toContain("£100 pledged");

    // A donation is given, and the About page says the total.
    await donate({ charity, amount: "80", givenOn: "2026-01-15", reference: "" });
    impact = await pageText(await fetchApp("/impact"));
    expect(impact).toMatch(/Given since 2025<\/dt><dd>£80<\/dd>/);
    expect(impact).toMatch(/<th scope="row">2026<\/th><td>£80<\/td><td>£0<\/td>/);
    expect(await pageText(await fetchApp("/about"))).toContain(
      "£80 given to children's charities so far: see what my art raises",
    );

    // Undone, the sale pledges nothing.
    const [sale] = await database.select().from(sales);
    await postForm("/sales", { intent: "undo", id: sale!.id }, { Cookie: cookie });
    impact = await pageText(await fetchApp("/impact"));
    expect(impact).toMatch(/Pledged by sales<\/dt><dd>£0<\/dd>/);
    expect(impact).not.toContain('href="/post/ch-lake"');
  });
});
