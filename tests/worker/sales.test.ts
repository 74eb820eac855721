// Recording a sale through the whole Worker: from an enquiry or from the artwork, an original or one print
// of an edition, its buyer kept as a collector; refused when it cannot stand (sold already, a number taken
// or out of the edition, not a price); never recorded twice; undone again; and the dashboard's one taps.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import type { ArtworkOption } from "~/artworks/options";
import { messages } from "~/messages/schema";
import { collectors, sales } from "~/sales/schema";
import { postForm, saleForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, pageText } from "./helpers";

const database = db(env);
let cookie: string;

const A4: ArtworkOption = {
  id: "opt-a4",
  label: "A4 print",
  size: "29.7 × 21 cm",
  pricePence: 4500,
  edition: 50,
  sold: 38,
};
const A3: ArtworkOption = { id: "opt-a3", label: "A3 print", size: "", pricePence: 6500, edition: 25, sold: 24 };
const OPEN: ArtworkOption = { id: "opt-open", label: "Card", size: "", pricePence: 500, edition: null, sold: 3 };

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await database.delete(sales);
  await database.delete(collectors);
  await upsertArtworks(database, [
    makeArtwork({ id: "sa-original", title: "Harbour at Dusk", price: "450", available: "yes", options: [] }),
    makeArtwork({ id: "sa-print", title: "Dales Print", price: null, available: "yes", options: [A4, A3, OPEN] }),
  ]);
  await database
    .insert(messages)
    .values({
      id: "sa-enquiry",
      kind: "enquiry",
      artworkId: "sa-original",
      artworkTitle: "Harbour at Dusk",
      name: "Ada Collector",
      email: "Ada@Example.com",
      address: "4 The Headrow, Leeds",
      message: "I would love this one.",
      status: "sent",
    })
    .onConflictDoNothing();
});

/** The Record a Sale form as the browser sends it: of the original unless `fields` says otherwise. */
const sale = (fields: Record<string, string>) => saleForm({ artwork: "sa-original", ...fields });
/** Sent as the form sends it: to the page it is on, which names the artwork. */
const record = (fields: Record<string, string>) =>
  postForm(`/sales/new?artwork=${fields.artwork}`, fields, { Cookie: cookie });
const undo = (id: string) => postForm("/sales", { intent: "undo", id }, { Cookie: cookie });
const saleRows = () => database.select().from(sales);
const page = async (path: string) => (await fetchApp(path, { headers: { Cookie: cookie } })).text();
const said = pageText;

describe("a sale of an original", () => {
  it("is recorded from its enquiry with the buyer as a collector, and the page says SOLD at once", async () => {
    const form = await page("/sales/new?artwork=sa-original&enquiry=sa-enquiry");
    // The enquiry's buyer and the listed price come prefilled.
    expect(form).toContain('value="Ada Collector"');
    expect(form).toContain('value="Ada@Example.com"');
    expect(form).toContain("4 The Headrow, Leeds");
    expect(form).toMatch(/name="price"[^>]*value="450"/);
    // Read before the sale: the cached page is purged by it.
    expect(await (await fetchApp("/post/sa-original")).text()).not.toContain(">SOLD<");

    const response = await record(
      sale({ name: "Ada Collector", email: "Ada@Example.com", address: "4 The Headrow, Leeds", enquiry: "sa-enquiry" }),
    );
    expect(response.status).toBe(302);
    const [stored] = await saleRows();
    expect(response.headers.get("Location")).toBe(`/sales?recorded=${stored!.id}`);
    expect(stored).toMatchObject({
      artworkId: "sa-original",
      artworkTitle: "Harbour at Dusk",
      pricePence: 45000,
      soldOn: "2026-11-20",
      payment: "bank-transfer",
      messageId: "sa-enquiry",
      undoneAt: null,
    });
    const [collector] = await database.select().from(collectors);
    expect(collector).toMatchObject({ name: "Ada Collector", email: "ada@example.com" });
    expect(stored!.collectorId).toBe(collector!.id);
    expect((await getArtwork(database, "sa-original"))!.available).toBe("no");
    expect(await (await fetchApp("/post/sa-original")).text()).toContain(">SOLD<");

    const list = await page(`/sales?recorded=${stored!.id}`);
    expect(list).toContain("Sale recorded: Harbour at Dusk.");
    expect(list).toContain("£450");
    expect(list).toContain("ada@example.com");
  });

  it("sent twice, even at once, is recorded once", async () => {
    const once = sale({});
    const answers = await Promise.all([record(once), record(once)]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await record(once).then((answer) => answer.status)).toBe(302);
    expect(await saleRows()).toHaveLength(1);
  });

  it("cannot be sold twice, even by two sales at once, and nothing of the second is written", async () => {
    const answers = await Promise.all([
      record(sale({ name: "First Buyer", email: "first@example.com" })),
      record(sale({ name: "Second Buyer", email: "second@example.com" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await saleRows()).toHaveLength(1);
    expect(await database.select().from(collectors)).toHaveLength(1);

    const again = await record(sale({ name: "Third Buyer", email: "third@example.com" }));
    expect(again.status).toBe(409);
    expect(await said(again)).toContain("This original is sold already");
    expect(await database.select().from(collectors)).toHaveLength(1);
  });

  it("undone, is available again, kept as undone, and cannot be undone twice", async () => {
    await record(sale({}));
    const [stored] = await saleRows();
    expect(await (await fetchApp("/post/sa-original")).text()).toContain(">SOLD<");
    const answer = await undo(stored!.id);
    expect(answer.status).toBe(200);
    expect(await said(answer)).toContain("Sale undone: the work is available again.");
    expect((await getArtwork(database, "sa-original"))!.available).toBe("yes");
    expect(await (await fetchApp("/post/sa-original")).text()).not.toContain(">SOLD<");
    const [undone] = await saleRows();
    expect(undone!.undoneAt).not.toBeNull();
    expect((await undo(stored!.id)).status).toBe(409);
    expect((await undo("no-such-sale")).status).toBe(404);
    // Sold again after the undo: the first sale stays, undone.
    expect((await record(sale({}))).status).toBe(302);
    expect(await saleRows()).toHaveLength(2);
  });
});

describe("a sale of a print", () => {
  it("takes the next free number of a limited edition, after those sold before sales were recorded", async () => {
    const form = await page("/sales/new?artwork=sa-print&option=opt-a4");
    expect(form).toMatch(/name="editionNumber"[^>]*value="39"/);
    expect(form).toContain("A4 print · 29.7 × 21 cm 39/50");

    expect((await record(sale({ artwork: "sa-print", option: "opt-a4", price: "45" }))).status).toBe(302);
    expect((await record(sale({ artwork: "sa-print", option: "opt-a4", price: "45" }))).status).toBe(302);
    const numbers = (await saleRows()).map((row) => `${row.optionName} ${row.editionNumber}/${row.editionSize}`);
    expect(numbers.sort()).toEqual(["A4 print · 29.7 × 21 cm 39/50", "A4 print · 29.7 × 21 cm 40/50"]);
    expect((await getArtwork(database, "sa-print"))!.options.find((o) => o.id === "opt-a4")!.sold).toBe(40);
  });

  it("refuses a number taken, one outside the edition, a sold-out option and a missing option", async () => {
    expect((await record(sale({ artwork: "sa-print", option: "opt-a4", editionNumber: "7" }))).status).toBe(302);
    const taken = await record(sale({ artwork: "sa-print", option: "opt-a4", editionNumber: "7" }));
    expect(taken.status).toBe(409);
    const takenText = await said(taken);
    expect(takenText).toContain("That print number is sold already");
    expect(takenText).toMatch(/name="editionNumber"[^>]*value="7"/);
    const outside = await record(sale({ artwork: "sa-print", option: "opt-a4", editionNumber: "51" }));
    expect(outside.status).toBe(400);
    expect(await said(outside)).toContain("That number is not in the edition.");

    expect((await record(sale({ artwork: "sa-print", option: "opt-a3" }))).status).toBe(302);
    const soldOut = await record(sale({ artwork: "sa-print", option: "opt-a3" }));
    expect(soldOut.status).toBe(409);
    expect(await said(soldOut)).toContain("That option is sold out.");
    const none = await record(sale({ artwork: "sa-print", option: "" }));
    expect(none.status).toBe(400);
    const gone = await record(sale({ artwork: "sa-print", option: "opt-gone" }));
    expect(gone.status).toBe(409);
    expect(await saleRows()).toHaveLength(2);
    expect((await getArtwork(database, "sa-print"))!.options.map((o) => o.sold)).toEqual([39, 25, 3]);
  });

  it("of an open edition has no number; undone, the option counts one fewer and the number is free", async () => {
    expect((await record(sale({ artwork: "sa-print", option: "opt-open", price: "5" }))).status).toBe(302);
    expect((await record(sale({ artwork: "sa-print", option: "opt-a4", editionNumber: "12" }))).status).toBe(302);
    const rows = await saleRows();
    expect(rows.find((row) => row.optionId === "opt-open")!.editionNumber).toBeNull();
    const numbered = rows.find((row) => row.optionId === "opt-a4")!;
    expect((await undo(numbered.id)).status).toBe(200);
    expect((await getArtwork(database, "sa-print"))!.options.map((o) => o.sold)).toEqual([38, 24, 4]);
    expect((await record(sale({ artwork: "sa-print", option: "opt-a4", editionNumber: "12" }))).status).toBe(302);
  });
});

describe("bad input", () => {
  it("a price that is not pounds, a buyer without an e-mail: told on the field, everything typed kept", async () => {
    const before = await saleRows();
    const answer = await record(sale({ price: "about 400", name: "Grace", note: "Paid at the door" }));
    expect(answer.status).toBe(400);
    const text = await said(answer);
    expect(text).toContain("Give the price paid in pounds, like 450 or 450.50.");
    expect(text).toMatch(/name="price"[^>]*value="about 400"/);
    expect(text).toMatch(/name="name"[^>]*value="Grace"/);
    expect(text).toContain(">Paid at the door</textarea>");
    const noEmail = await record(sale({ name: "Grace" }));
    expect(noEmail.status).toBe(400);
    expect(await said(noEmail)).toContain("Add the buyer's email address: a collector is known by it.");
    const badDay = await record(sale({ soldOn: "yesterday" }));
    expect(badDay.status).toBe(400);
    expect(await saleRows()).toEqual(before);
  });

  it("signed out: 401, nothing recorded; an artwork that does not exist: 404", async () => {
    const answer = await postForm("/sales/new?artwork=sa-original", sale({}));
    expect(answer.status).toBe(401);
    expect(await saleRows()).toHaveLength(0);
    expect((await record(sale({ artwork: "no-such-artwork" }))).status).toBe(404);
    expect((await fetchApp("/sales/new?artwork=no-such-artwork", { headers: { Cookie: cookie } })).status).toBe(404);
  });
});

describe("the dashboard's one taps", () => {
  it("Mark sold records a sale with no buyer at the listed price; Mark available undoes it", async () => {
    const tap = (intent: string) => postForm("/dashboard", { intent, id: "sa-original" }, { Cookie: cookie });
    expect((await tap("mark-sold")).status).toBe(200);
    expect((await tap("mark-sold")).status).toBe(200);
    const rows = await saleRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pricePence: 45000, collectorId: null, payment: "not-recorded", undoneAt: null });
    expect(await page("/sales")).toContain("No buyer recorded");
    expect((await tap("mark-available")).status).toBe(200);
    expect((await getArtwork(database, "sa-original"))!.available).toBe("yes");
    const [undone] = await database.select().from(sales).where(eq(sales.id, rows[0]!.id));
    expect(undone!.undoneAt).not.toBeNull();
  });

  it("One more sold records a print's sale with its next number", async () => {
    const tap = () =>
      postForm("/dashboard", { intent: "one-more-sold", id: "sa-print", option: "opt-a4" }, { Cookie: cookie });
    expect((await tap()).status).toBe(200);
    const [row] = await saleRows();
    expect(row).toMatchObject({ optionId: "opt-a4", editionNumber: 39, pricePence: 4500 });
    const counted = await database.select({ n: sql<number>`count(*)` }).from(sales);
    expect(counted[0]!.n).toBe(1);
  });
});

describe("a sale's own page", () => {
  it("completes a one-tap sale with its buyer and price, and changes it later", async () => {
    await postForm("/dashboard", { intent: "mark-sold", id: "sa-original" }, { Cookie: cookie });
    const [oneTap] = await saleRows();
    expect(await page("/sales")).toContain(`href="/sales/${oneTap!.id}"`);
    expect(await page(`/sales/${oneTap!.id}`)).toMatch(/name="price"[^>]*value="450"/);
    const change = (fields: Record<string, string>) =>
      postForm(
        `/sales/${oneTap!.id}`,
        {
          price: "420.50",
          soldOn: "2026-11-21",
          payment: "cash",
          shipping: "collected",
          name: "Grace Market",
          email: "Grace@Example.com",
          address: "",
          note: "Bought at the Christmas market.",
          ...fields,
        },
        { Cookie: cookie },
      );

    const saved = await change({});
    expect(saved.status).toBe(200);
    expect(await said(saved)).toContain("Sale saved.");
    const [completed] = await saleRows();
    const [collector] = await database.select().from(collectors);
    expect(collector).toMatchObject({ name: "Grace Market", email: "grace@example.com" });
    expect(completed).toMatchObject({
      pricePence: 42050,
      soldOn: "2026-11-21",
      payment: "cash",
      shipping: "collected",
      note: "Bought at the Christmas market.",
      collectorId: collector!.id,
    });

    const bad = await change({ price: "lots", note: "Kept as typed" });
    expect(bad.status).toBe(400);
    expect(await said(bad)).toContain(">Kept as typed</textarea>");
    expect((await saleRows())[0]).toEqual(completed);

    // Cleared, the sale has no buyer again; the collector stays for their other purchases.
    expect((await change({ name: "", email: "" })).status).toBe(200);
    expect((await saleRows())[0]!.collectorId).toBeNull();
    expect(await database.select().from(collectors)).toHaveLength(1);
  });

  it("is the admin's alone, and a sale that does not exist is 404", async () => {
    await postForm("/dashboard", { intent: "mark-sold", id: "sa-original" }, { Cookie: cookie });
    const [oneTap] = await saleRows();
    const before = await saleRows();
    const outsider = await postForm(`/sales/${oneTap!.id}`, { price: "1", soldOn: "2026-11-21" });
    expect(outsider.status).toBe(401);
    expect(await saleRows()).toEqual(before);
    expect((await fetchApp("/sales/no-such-sale", { headers: { Cookie: cookie } })).status).toBe(404);
    const gone = await postForm(
      "/sales/no-such-sale",
      {
        price: "1",
        soldOn: "2026-11-21",
        payment: "cash",
        shipping: "collected",
        name: "",
        email: "",
        address: "",
        note: "",
      },
      { Cookie: cookie },
    );
    expect(gone.status).toBe(404);
  });
});

describe("collectors", () => {
  async function twoBuyers() {
    await record(
      sale({ name: "Ada Collector", email: "Ada@Example.com", address: "4 The Headrow, Leeds", enquiry: "sa-enquiry" }),
    );
    await record(
      sale({ artwork: "sa-print", option: "opt-a4", price: "45", name: "Ada C.", email: "ada@example.com" }),
    );
    await record(
      sale({ artwork: "sa-print", option: "opt-open", price: "5", name: "=HYPERLINK(1)", email: "b@example.com" }),
    );
    return database.select().from(collectors);
  }

  it("are one per e-mail address, with every purchase, what they came to, and their messages", async () => {
    const buyers = await twoBuyers();
    expect(buyers).toHaveLength(2);
    const ada = buyers.find((buyer) => buyer.email === "ada@example.com")!;
    // The latest sale's name, and the address kept when it was not given again.
    expect(ada).toMatchObject({ name: "Ada C.", address: "4 The Headrow, Leeds" });

    const list = await said(await fetchApp("/collectors", { headers: { Cookie: cookie } }));
    expect(list).toContain("2 purchases · £495");
    expect(await said(await fetchApp("/collectors?q=HEADROW", { headers: { Cookie: cookie } }))).toContain(
      "No collector has that name or e-mail address.",
    );
    const found = await said(await fetchApp("/collectors?q=ADA@", { headers: { Cookie: cookie } }));
    expect(found).toContain("Ada C.");
    expect(found).not.toContain("b@example.com");

    const page = await said(await fetchApp(`/collectors/${ada.id}`, { headers: { Cookie: cookie } }));
    expect(page).toContain("Harbour at Dusk");
    expect(page).toContain("A4 print · 29.7 × 21 cm · 39/50");
    expect(page).toContain("Enquiry about Harbour at Dusk");
    // An undone sale is listed, and no longer counted.
    const [original] = await database.select().from(sales).where(eq(sales.artworkId, "sa-original"));
    await undo(original!.id);
    expect(await said(await fetchApp(`/collectors/${ada.id}`, { headers: { Cookie: cookie } }))).toContain(
      "1 purchase · £45",
    );
  });

  it("export as CSV a spreadsheet opens safely", async () => {
    await twoBuyers();
    const response = await fetchApp("/collectors.csv", { headers: { Cookie: cookie } });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="collectors-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("Name,Email,Address,Purchases,Spent (GBP),Last purchase,Collector since");
    expect(lines).toContain(
      `Ada C.,ada@example.com,"4 The Headrow, Leeds",2,495.00,2026-11-20,${lines[1]!.slice(-10)}`,
    );
    // A name that would be a formula is kept as text.
    expect(lines.some((line) => line.startsWith("'=HYPERLINK(1),b@example.com,,1,5.00,"))).toBe(true);
    const outsider = await fetchApp("/collectors.csv", { redirect: "manual" });
    expect(outsider.status).toBe(302);
    expect(await outsider.text()).not.toContain("example.com");
  });

  it("deleted on request, lose their details and messages; their purchases stay, with no buyer", async () => {
    const buyers = await twoBuyers();
    const ada = buyers.find((buyer) => buyer.email === "ada@example.com")!;
    expect((await postForm(`/collectors/${ada.id}`, { intent: "delete" })).status).toBe(401);
    const answer = await postForm(`/collectors/${ada.id}`, { intent: "delete" }, { Cookie: cookie });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/collectors?deleted=1");
    expect(await database.select().from(collectors).where(eq(collectors.id, ada.id))).toEqual([]);
    expect(await database.select().from(messages).where(eq(messages.id, "sa-enquiry"))).toEqual([]);
    const rows = await saleRows();
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.collectorId === null)).toHaveLength(2);
    expect(await page("/sales")).not.toContain("ada@example.com");
    expect((await fetchApp(`/collectors/${ada.id}`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("merged by hand, one buyer recorded twice keeps every purchase under one record", async () => {
    const buyers = await twoBuyers();
    const ada = buyers.find((buyer) => buyer.email === "ada@example.com")!;
    const other = buyers.find((buyer) => buyer.email === "b@example.com")!;
    // The page offers the other collector to merge into.
    expect(await said(await fetchApp(`/collectors/${other.id}`, { headers: { Cookie: cookie } }))).toContain(
      "Ada C. · ada@example.com",
    );
    const itself = await postForm(`/collectors/${other.id}`, { intent: "merge", into: other.id }, { Cookie: cookie });
    expect(itself.status).toBe(400);
    expect(await said(itself)).toContain("Choose another collector: that is this one.");
    const gone = await postForm(`/collectors/${other.id}`, { intent: "merge", into: "no-one" }, { Cookie: cookie });
    expect(gone.status).toBe(409);
    expect(await said(gone)).toContain("nothing was merged");
    expect((await postForm(`/collectors/${other.id}`, { intent: "merge", into: "" }, { Cookie: cookie })).status).toBe(
      400,
    );

    const answer = await postForm(`/collectors/${other.id}`, { intent: "merge", into: ada.id }, { Cookie: cookie });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/collectors/${ada.id}?merged=1`);
    expect(await database.select().from(collectors)).toMatchObject([{ id: ada.id, email: "ada@example.com" }]);
    expect((await saleRows()).every((row) => row.collectorId === ada.id)).toBe(true);
    const merged = await said(await fetchApp(`/collectors/${ada.id}?merged=1`, { headers: { Cookie: cookie } }));
    expect(merged).toContain("Merged: every purchase of both records is here now.");
    expect(merged).toContain("3 purchases · £500");
    // Sent again (the record is gone): refused, nothing changes.
    const again = await postForm(`/collectors/${other.id}`, { intent: "merge", into: ada.id }, { Cookie: cookie });
    expect(again.status).toBe(409);
    expect((await saleRows()).every((row) => row.collectorId === ada.id)).toBe(true);
  });
});
