// A sale's certificate of authenticity through the whole Worker: the PDF the artist downloads (a real PDF
// with the work, its print and number, and its picture), the public page anyone holding one checks it at
// (the work, never the buyer), refused for a number no standing sale has, and purged when its sale changes.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { getAppEnv } from "~/platform/env.server";
import { retryReceipts } from "~/sales/send-receipt.server";
import { collectors, receipts, sales } from "~/sales/schema";
import { artworks } from "~/artworks/schema";
import { fakeMailChannels } from "../support/mailchannels";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, makeOption, pageText } from "./helpers";
// A real photograph of a painting (the demo's), which the Images binding can read.
import paintingDataUrl from "../../seed/images/pet-portrait-biscuit-1.jpg?inline";

const database = db(env);
let cookie: string;
const IMAGE = "posts/1_certificate-harbour.jpg";
const A3 = makeOption({ id: "ce-a3" });

beforeAll(async () => {
  cookie = await signIn();
  const painting = Uint8Array.from(atob(paintingDataUrl.split(",")[1]!), (character) => character.charCodeAt(0));
  await env.IMAGES.put(IMAGE, painting, { httpMetadata: { contentType: "image/jpeg" } });
});

beforeEach(async () => {
  await database.delete(sales);
  await database.delete(collectors);
  await upsertArtworks(database, [
    makeArtwork({
      id: "ce-original",
      title: "Harbour at Dusk",
      medium: "Oil on canvas",
      size: "60 × 40 cm",
      year: "2025",
      price: "450",
      available: "yes",
      imageUrls: [IMAGE],
      options: [],
    }),
    makeArtwork({ id: "ce-print", title: "Dales Print", price: null, available: "yes", options: [A3] }),
  ]);
});

let submissions = 0;
async function recordSale(fields: Record<string, string>) {
  const response = await postForm(
    `/sales/new?artwork=${fields.artwork}`,
    {
      submission: `CertificateSale${String(++submissions).padStart(6, "0")}`,
      option: "",
      editionNumber: "",
      price: "450",
      soldOn: "2026-11-20",
      payment: "bank-transfer",
      shipping: "courier",
      name: "Ada Collector",
      email: "ada@example.com",
      address: "4 The Headrow, Leeds",
      note: "",
      enquiry: "",
      ...fields,
    },
    { Cookie: cookie },
  );
  expect(response.status).toBe(302);
  const [sale] = await database.select().from(sales).where(eq(sales.artworkId, fields.artwork!));
  return sale!;
}

const dashed = (number: string) => number.match(/.{4}/g)!.join("-");
const signedIn = (path: string) => fetchApp(path, { headers: { Cookie: cookie }, redirect: "manual" });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  expect(pdf.numPages).toBe(1);
  return (await extractText(pdf, { mergePages: true })).text;
}

describe("the certificate's PDF", () => {
  it("names the work, its details, the day and the number, carries its picture, and stays small", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    expect(sale.certificateNumber).toMatch(/^[0-9A-F]{16}$/);

    const response = await signedIn(`/sales/${sale.id}/certificate.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="certificate-${dashed(sale.certificateNumber!)}.pdf"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.byteLength).toBeLessThan(300 * 1024);
    // The picture, as a JPEG the PDF carries as it is.
    const raw = new TextDecoder("latin1").decode(bytes);
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
    expect(raw).toMatch(/\/Filter\s*\/DCTDecode/);

    const text = await pdfText(bytes);
    for (const expected of [
      "CERTIFICATE OF AUTHENTICITY",
      "Amara Okoye",
      "Harbour at Dusk",
      "Oil on canvas",
      "60 × 40 cm",
      "2025",
      "Original",
      "Friday 20 November 2026",
      dashed(sale.certificateNumber!),
      `${env.SITE_URL}/certificate/${dashed(sale.certificateNumber!)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Nothing of the buyer.
    expect(text).not.toContain("Ada");
  });

  it("says which print of which edition a print sale was", async () => {
    const sale = await recordSale({ artwork: "ce-print", option: "ce-a3", editionNumber: "7", price: "65" });
    const text = await pdfText(
      new Uint8Array(await (await signedIn(`/sales/${sale.id}/certificate.pdf`)).arrayBuffer()),
    );
    expect(text).toContain("A3 giclée print · 42 × 29.7 cm");
    expect(text).toContain("7 of 50");
    expect(text).toContain("authentic print");
  });

  it("is the artist's alone, and there is none for an undone sale", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const visitor = await fetchApp(`/sales/${sale.id}/certificate.pdf`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/dashboard");

    expect((await postForm("/sales", { intent: "undo", id: sale.id }, { Cookie: cookie })).status).toBe(200);
    expect((await signedIn(`/sales/${sale.id}/certificate.pdf`)).status).toBe(404);
    expect((await signedIn("/sales/no-such-sale/certificate.pdf")).status).toBe(404);
  });
});

describe("the certificate's public page", () => {
  it("shows the work, its edition and the day, never the buyer", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const path = `/certificate/${dashed(sale.certificateNumber!)}`;
    const response = await fetchApp(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = await pageText(new Response(html));
    expect(text).toContain("Certificate of authenticity");
    expect(text).toContain("Harbour at Dusk");
    expect(text).toContain("Original");
    expect(text).toContain("Friday 20 November 2026");
    expect(text).toContain(dashed(sale.certificateNumber!));
    expect(html).toContain('href="/post/ce-original"');
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).not.toMatch(/Ada|ada@example\.com|Headrow|450/);
  });

  it("sends a number typed in lower case or without its dashes to its one address", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const response = await fetchApp(`/certificate/${sale.certificateNumber!.toLowerCase()}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/certificate/${dashed(sale.certificateNumber!)}`);
  });

  it("answers 404 for a number no sale has, a malformed one, and an undone sale's", async () => {
    for (const path of ["/certificate/0000-0000-0000-0000", "/certificate/not-a-number", "/certificate/%3Cscript%3E"]) {
      const response = await fetchApp(path);
      expect(response.status, path).toBe(404);
      expect(await pageText(response)).toContain("Certificate not found");
    }
    const sale = await recordSale({ artwork: "ce-original" });
    const path = `/certificate/${dashed(sale.certificateNumber!)}`;
    expect((await fetchApp(path)).status).toBe(200);
    expect((await postForm("/sales", { intent: "undo", id: sale.id }, { Cookie: cookie })).status).toBe(200);
    // The undo purged the cached page.
    expect((await fetchApp(path)).status).toBe(404);
  });

  it("no longer verifies once its sale is undone, even after its artwork was deleted", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const path = `/certificate/${dashed(sale.certificateNumber!)}`;
    await fetchApp(path).then((response) => response.text());
    expect((await fetchApp(path)).headers.get("Cf-Cache-Status")).toBe("HIT");
    await database.delete(artworks).where(eq(artworks.id, "ce-original"));
    expect((await postForm("/sales", { intent: "undo", id: sale.id }, { Cookie: cookie })).status).toBe(200);
    expect((await fetchApp(path)).status).toBe(404);
  });

  it("is cached, and a change to its sale's day purges it", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const path = `/certificate/${dashed(sale.certificateNumber!)}`;
    await fetchApp(path).then((response) => response.text());
    const second = await fetchApp(path);
    expect(second.headers.get("Cf-Cache-Status")).toBe("HIT");
    await second.text();

    const change = await postForm(
      `/sales/${sale.id}`,
      {
        price: "450",
        soldOn: "2026-11-21",
        payment: "bank-transfer",
        shipping: "courier",
        name: "Ada Collector",
        email: "ada@example.com",
        address: "",
        note: "",
      },
      { Cookie: cookie },
    );
    expect(change.status).toBeLessThan(400);
    expect(await pageText(await fetchApp(path))).toContain("Saturday 21 November 2026");
  });
});

describe("the receipt", () => {
  const sendReceipt = (saleId: string, submission = `ReceiptSubmit${String(++submissions).padStart(7, "0")}`) =>
    postForm(`/sales/${saleId}`, { intent: "receipt", submission }, { Cookie: cookie });

  it("goes to the buyer from the artist, says what was bought and paid, and carries the certificate", async () => {
    const sale = await recordSale({ artwork: "ce-print", option: "ce-a3", editionNumber: "7", price: "65" });
    const mail = fakeMailChannels();
    const answer = await sendReceipt(sale.id);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/sales/${sale.id}?receipt=sent#certificate`);

    expect(mail.calls).toHaveLength(1);
    const { body, headers } = mail.calls[0]!;
    expect(headers.get("X-Api-Key")).toBe("test-mail-key");
    expect(body.personalizations).toEqual([{ to: [{ email: "ada@example.com", name: "Ada Collector" }] }]);
    expect(body.from).toEqual({ email: "no-reply@example.com", name: "Amara Okoye" });
    expect(body.reply_to).toEqual({ email: env.CONTACT_RECIPIENT, name: "Amara Okoye" });
    expect(body.subject).toBe('Your receipt and certificate for "Dales Print"');
    const text = body.content[0].value;
    for (const line of [
      "Dear Ada Collector,",
      "Print: A3 giclée print · 42 × 29.7 cm",
      "Edition: 7 of 50",
      "Price paid: £65",
      "Date of sale: Friday 20 November 2026",
      "Payment: Bank transfer",
      "Delivery: Courier",
      `Certificate: ${dashed(sale.certificateNumber!)}`,
    ]) {
      expect(text).toContain(line);
    }
    const [attachment] = body.attachments!;
    expect(attachment).toMatchObject({
      filename: `certificate-${dashed(sale.certificateNumber!)}.pdf`,
      type: "application/pdf",
    });
    const pdf = Uint8Array.from(atob(attachment!.content), (character) => character.charCodeAt(0));
    expect(await pdfText(pdf)).toContain(dashed(sale.certificateNumber!));

    const page = await pageText(await signedIn(`/sales/${sale.id}?receipt=sent`));
    expect(page).toContain("Receipt sent, with the certificate attached.");
    expect(page).toMatch(/>Sent<\/span> to (<!-- -->)?ada@example\.com/);
  });

  it("sent twice (a second tap) goes once", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const mail = fakeMailChannels();
    await Promise.all([sendReceipt(sale.id, "ReceiptTwiceSubmit01"), sendReceipt(sale.id, "ReceiptTwiceSubmit01")]);
    await sendReceipt(sale.id, "ReceiptTwiceSubmit01");
    expect(mail.calls).toHaveLength(1);
    expect(await database.select().from(receipts)).toHaveLength(1);
  });

  it("signed out, sends nothing: the sale's page asks for the passkey", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    const mail = fakeMailChannels();
    const answer = await postForm(`/sales/${sale.id}`, { intent: "receipt", submission: "ReceiptSignedOut0001" });
    expect(answer.status).toBe(401);
    expect(mail.calls).toHaveLength(0);
    expect(await database.select().from(receipts)).toHaveLength(0);
  });

  it("is refused for a sale with no buyer's address, and for an undone sale", async () => {
    const sale = await recordSale({ artwork: "ce-original", name: "", email: "", address: "" });
    const mail = fakeMailChannels();
    expect((await sendReceipt(sale.id)).headers.get("Location")).toBe(`/sales/${sale.id}?receipt=no-buyer#certificate`);
    expect(await pageText(await signedIn(`/sales/${sale.id}?receipt=no-buyer`))).toContain(
      "This sale has no buyer's e-mail address to send a receipt to.",
    );
    const bought = await recordSale({ artwork: "ce-print", option: "ce-a3", editionNumber: "9", price: "65" });
    expect((await postForm("/sales", { intent: "undo", id: bought.id }, { Cookie: cookie })).status).toBe(200);
    expect((await sendReceipt(bought.id)).headers.get("Location")).toContain("receipt=no-buyer");
    expect(mail.calls).toHaveLength(0);
    expect(await database.select().from(receipts)).toHaveLength(0);
  });

  it("is kept when MailChannels fails, shown as failed, and sent by the scheduled retry", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    fakeMailChannels(() => new Response("overloaded", { status: 503 }));
    expect((await sendReceipt(sale.id)).headers.get("Location")).toContain("receipt=failed");
    const [stored] = await database.select().from(receipts);
    expect(stored).toMatchObject({ status: "failed", attempts: 1, email: "ada@example.com" });
    const failedPage = await pageText(await signedIn(`/sales/${sale.id}?receipt=failed`));
    expect(failedPage).toContain("MailChannels answered 503: overloaded");
    expect(failedPage).toContain('aria-label="Retry the receipt to ada@example.com"');

    // Retry on the failed row sends that receipt again: still one receipt, now sent.
    const retried = fakeMailChannels();
    expect((await sendReceipt(sale.id, stored!.id)).headers.get("Location")).toContain("receipt=sent");
    expect(retried.calls).toHaveLength(1);
    expect(await database.select().from(receipts)).toMatchObject([{ id: stored!.id, status: "sent", attempts: 2 }]);

    // A receipt that failed and was never retried by hand goes with the Cron Trigger's retry.
    fakeMailChannels(() => new Response("overloaded", { status: 503 }));
    await sendReceipt(sale.id);
    const mail = fakeMailChannels();
    const deps = { env: { ...getAppEnv(env), MAILCHANNELS_API_KEY: "test-mail-key" }, database, images: env };
    expect(await retryReceipts(deps)).toEqual({ tried: 1, sent: 1 });
    expect(mail.calls).toHaveLength(1);
    expect(await retryReceipts(deps)).toEqual({ tried: 0, sent: 0 });
  });

  it("leaves with its buyer when their details are deleted on request", async () => {
    const sale = await recordSale({ artwork: "ce-original" });
    await sendReceipt(sale.id);
    expect(await database.select().from(receipts)).toHaveLength(1);
    const deleted = await postForm(`/collectors/${sale.collectorId}`, { intent: "delete" }, { Cookie: cookie });
    expect(deleted.status).toBeLessThan(400);
    expect(await database.select().from(receipts)).toHaveLength(0);
  });
});
