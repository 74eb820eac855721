// Stripe payment links through the whole Worker, Stripe faked at the HTTP boundary (tests/support/stripe.ts):
// the artist's reply to an enquiry carries a link for the agreed price and reserves the work; Stripe's
// signed webhook records the sale with the buyer and sends the receipt, once however often it arrives;
// a bad or old signature records nothing; a link whose work sold meanwhile is deactivated, and a payment
// that came too late is kept for a refund. Without Stripe, a reply offers her payment instructions.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import { db } from "~/platform/db.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { messages } from "~/messages/schema";
import { collectors, paymentLinks, receipts, sales } from "~/sales/schema";
import { siteSettings } from "~/site/schema";
import { addDays, todayIn } from "~/ui/dates";
import { fakeMailChannels } from "../support/mailchannels";
import { fakeStripe, paidCheckout, signedEvent, STRIPE_ENV, STRIPE_TEST } from "../support/stripe";
import { postForm, saleForm, signIn } from "./admin-helpers";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, makeArtwork, makeOption, pageText } from "./helpers";

const database = db(env);
let cookie: string;

const A3 = makeOption({ id: "pl-a3" });

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await database.delete(paymentLinks);
  await database.delete(receipts);
  await database.delete(sales);
  await database.delete(collectors);
  await database.delete(messages);
  await database.delete(siteSettings);
  await upsertArtworks(database, [
    makeArtwork({
      id: "pl-original",
      title: "Harbour at Dusk",
      price: "450",
      available: "yes",
      options: [],
      reservations: [],
    }),
    makeArtwork({
      id: "pl-print",
      title: "Dales Print",
      price: null,
      available: "yes",
      options: [A3],
      reservations: [],
    }),
  ]);
});

let enquiries = 0;
async function enquiry(artworkId = "pl-original", option: string | null = null) {
  const id = `PlEnquiry${String(++enquiries).padStart(11, "0")}`;
  await database.insert(messages).values({
    id,
    kind: "enquiry",
    artworkId,
    artworkTitle: artworkId === "pl-print" ? "Dales Print" : "Harbour at Dusk",
    artworkOption: option,
    name: "Ada Collector",
    email: "ada.collector@example.com",
    address: "4 The Headrow, Leeds",
    message: "Is it still available?",
    status: "sent",
  });
  return id;
}

let submissions = 0;
const nextSubmission = () => `PlReply${String(++submissions).padStart(13, "0")}`;

/** The Inbox's reply, as the signed-in artist sends it, with Stripe configured unless `config` says otherwise. */
async function reply(fields: Record<string, string>, config: Partial<Env> = STRIPE_ENV) {
  const { response, settled } = await fetchWithEnv(config, "/inbox", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "reply", body: "Thank you: it is yours for £450.", ...fields }),
  });
  await settled();
  return { status: response.status, text: await response.text() };
}

/** Stripe's webhook call, as Stripe makes it. */
async function deliver(event: { body: string; signature: string | null }, config: Partial<Env> = STRIPE_ENV) {
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (event.signature !== null) headers["Stripe-Signature"] = event.signature;
  const { response, settled } = await fetchWithEnv(config, "/api/stripe-webhook", {
    method: "POST",
    headers,
    body: event.body,
  });
  await settled();
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A page's words as a reader sees them, without the markup between them. */
const visible = async (response: Response) => (await pageText(response)).replace(/<[^>]*>/g, "");

const linkRow = async (id: string) => database.select().from(paymentLinks).where(eq(paymentLinks.id, id)).get();

/** A reply with a link for £450 to an enquiry about the original, Stripe answering: the link's id. */
async function sendLink(stripe = fakeStripe()) {
  const messageId = await enquiry();
  const submission = nextSubmission();
  const sent = await reply({ id: messageId, payLink: "450", submission });
  expect(sent.status).toBe(200);
  return { messageId, submission, stripe };
}

describe("a reply with a payment link", () => {
  it("asks Stripe for one link for the agreed pounds, paid once, shipping collected, reserves the work and e-mails the link", async () => {
    const stripe = fakeStripe();
    const mail = fakeMailChannels();
    const messageId = await enquiry();
    const submission = nextSubmission();
    const sent = await reply({ id: messageId, payLink: "450", submission });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("Reply sent.");

    // The exact request Stripe's API receives.
    expect(stripe.creations()).toHaveLength(1);
    const [call] = stripe.creations();
    expect(call!.method).toBe("POST");
    expect(call!.headers.get("Authorization")).toBe(`Bearer ${STRIPE_TEST.secretKey}`);
    expect(call!.headers.get("Idempotency-Key")).toBe(`payment-link-${submission}`);
    const form = Object.fromEntries(call!.form);
    expect(form).toMatchObject({
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "45000",
      "line_items[0][price_data][product_data][name]": "Harbour at Dusk",
      "restrictions[completed_sessions][limit]": "1",
      "shipping_address_collection[allowed_countries][0]": "GB",
      "metadata[paymentLink]": submission,
      "metadata[artwork]": "pl-original",
      "after_completion[type]": "redirect",
      "after_completion[redirect][url]": "https://art.example/post/pl-original",
    });

    // Reserved for the enquirer, a week.
    const artwork = await getArtwork(database, "pl-original");
    expect(artwork!.reservations).toEqual([
      expect.objectContaining({ messageId, optionId: null, name: "Ada Collector", until: addDays(todayIn(), 7) }),
    ]);
    // Stored open, and the reply carries the link.
    expect(await linkRow(submission)).toMatchObject({
      status: "open",
      amountPence: 45000,
      stripeId: "plink_test000001",
    });
    expect(mail.calls).toHaveLength(1);
    const text = mail.calls[0]!.body.content[0]!.value;
    expect(mail.calls[0]!.body.personalizations[0]!.to).toEqual([
      { email: "ada.collector@example.com", name: "Ada Collector" },
    ]);
    expect(text).toContain("Thank you: it is yours for £450.");
    expect(text).toContain("Pay £450 securely by card: https://buy.stripe.com/test_plink_test000001");
    expect(text).toContain("It is held for you until");

    // The Sales page lists it, waiting for payment.
    const salesPage = await visible(
      (await fetchWithEnv(STRIPE_ENV, "/sales", { headers: { Cookie: cookie } })).response,
    );
    expect(salesPage).toContain("Payment links");
    expect(salesPage).toContain("Waiting for payment: https://buy.stripe.com/test_plink_test000001");

    // Sent again (its answer lost): no second link, no second e-mail.
    expect((await reply({ id: messageId, payLink: "450", submission })).status).toBe(200);
    expect(stripe.creations()).toHaveLength(1);
    expect(mail.calls).toHaveLength(1);
  });

  it("for a print, names the option the enquiry asked about and holds one print of it", async () => {
    const stripe = fakeStripe();
    const messageId = await enquiry("pl-print", "A3 giclée print · 42 × 29.7 cm");
    const submission = nextSubmission();
    expect((await reply({ id: messageId, payLink: "65", submission })).status).toBe(200);
    expect(stripe.creations()[0]!.form.get("line_items[0][price_data][product_data][name]")).toBe(
      "Dales Print (A3 giclée print · 42 × 29.7 cm)",
    );
    expect((await getArtwork(database, "pl-print"))!.reservations).toEqual([
      expect.objectContaining({ messageId, optionId: "pl-a3" }),
    ]);
    expect(await linkRow(submission)).toMatchObject({ optionId: "pl-a3", amountPence: 6500 });
  });

  it("is refused with the words kept, nothing asked of Stripe nor sent: a price that is not pounds, a sold work, a work held for another", async () => {
    const stripe = fakeStripe();
    const mail = fakeMailChannels();
    const messageId = await enquiry();
    const notPounds = await reply({ id: messageId, payLink: "four hundred", submission: nextSubmission() });
    expect(notPounds.status).toBe(400);
    expect(notPounds.text).toContain("Give the agreed price in pounds, like 450 or 450.50.");
    expect(notPounds.text).toContain("Thank you: it is yours for £450.");

    await upsertArtworks(database, [
      makeArtwork({ id: "pl-original", title: "Harbour at Dusk", available: "no", options: [] }),
    ]);
    const sold = await reply({ id: messageId, payLink: "450", submission: nextSubmission() });
    expect(sold.status).toBe(409);
    expect(sold.text).toContain("It is sold already, so no payment link was made.");

    await upsertArtworks(database, [
      makeArtwork({
        id: "pl-original",
        title: "Harbour at Dusk",
        available: "yes",
        options: [],
        reservations: [
          { id: "r-other", optionId: null, until: addDays(todayIn(), 3), messageId: "someone-else", name: "Bo" },
        ],
      }),
    ]);
    const held = await reply({ id: messageId, payLink: "450", submission: nextSubmission() });
    expect(held.status).toBe(409);
    expect(held.text).toContain("It is held for someone else");
    expect(stripe.calls).toHaveLength(0);
    expect(mail.calls).toHaveLength(0);
    expect(await database.select().from(paymentLinks)).toEqual([]);
  });

  it("when Stripe fails, sends nothing and keeps the words; sent again under its id, the link is made and the reply goes once", async () => {
    const stripe = fakeStripe();
    const mail = fakeMailChannels();
    stripe.state.failing = true;
    const messageId = await enquiry();
    const submission = nextSubmission();
    const failed = await reply({ id: messageId, payLink: "450", submission });
    expect(failed.status).toBe(502);
    expect(failed.text).toContain("Stripe did not make the link, so nothing was sent");
    expect(failed.text).toContain("Thank you: it is yours for £450.");
    expect(mail.calls).toHaveLength(0);
    expect(await linkRow(submission)).toMatchObject({ status: "new", url: null });

    stripe.state.failing = false;
    expect((await reply({ id: messageId, payLink: "450", submission })).status).toBe(200);
    expect(await linkRow(submission)).toMatchObject({ status: "open" });
    // Every attempt carried the same key, so Stripe made one link.
    expect(new Set(stripe.creations().map((call) => call.headers.get("Idempotency-Key")))).toEqual(
      new Set([`payment-link-${submission}`]),
    );
    expect(mail.calls).toHaveLength(1);
  });
});

describe("Stripe's webhook", () => {
  it("records a paid checkout as a sale with the buyer and their shipping address, e-mails the receipt with the certificate and deactivates the link", async () => {
    const { submission, stripe } = await sendLink();
    const mail = fakeMailChannels();
    const answer = await deliver(await signedEvent(paidCheckout(submission)));
    expect(answer).toEqual({ status: 200, json: { received: true, outcome: "recorded" } });

    const [sale] = await database.select().from(sales);
    expect(sale).toMatchObject({
      id: `cs_test_${submission}`,
      artworkId: "pl-original",
      pricePence: 45000,
      payment: "stripe",
      soldOn: todayIn(),
    });
    const [collector] = await database.select().from(collectors);
    expect(collector).toMatchObject({
      name: "Ada Collector",
      email: "ada.collector@example.com",
      address: "4 The Headrow\nFlat 2\nLeeds\nLS1 6PU\nGB",
    });
    expect(sale!.collectorId).toBe(collector!.id);
    expect((await getArtwork(database, "pl-original"))!.available).toBe("no");
    expect(await linkRow(submission)).toMatchObject({ status: "paid", saleId: sale!.id });

    // The receipt, with the certificate attached, to the buyer.
    expect(mail.calls).toHaveLength(1);
    expect(mail.calls[0]!.body.personalizations[0]!.to[0]!.email).toBe("ada.collector@example.com");
    expect(mail.calls[0]!.body.attachments?.[0]?.type).toBe("application/pdf");

    // Stripe was asked to stop taking payments on it.
    expect(stripe.deactivations().map((call) => [call.path, call.form.get("active")])).toEqual([
      ["/v1/payment_links/plink_test000001", "false"],
    ]);
    // A visitor sees SOLD.
    expect(await pageText(await fetchApp("/post/pl-original"))).toContain("SOLD");
  });

  it("delivered twice, or twice at once, records one sale and sends one receipt", async () => {
    const { submission } = await sendLink();
    const mail = fakeMailChannels();
    const event = await signedEvent(paidCheckout(submission));
    const [first, second] = await Promise.all([deliver(event), deliver(event)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await database.select({ id: sales.id }).from(sales)).toEqual([{ id: `cs_test_${submission}` }]);
    expect(await database.select({ id: receipts.id }).from(receipts)).toHaveLength(1);
    expect(mail.calls).toHaveLength(1);
    expect(await linkRow(submission)).toMatchObject({ status: "paid" });
  });

  it("refuses a missing, wrong or old signature with 400 and records nothing", async () => {
    const { submission } = await sendLink();
    const good = await signedEvent(paidCheckout(submission));
    const wrongSecret = await signedEvent(paidCheckout(submission), { secret: "whsec_not_the_one" });
    const old = await signedEvent(paidCheckout(submission), { ageSeconds: 600 });
    const tampered = { body: good.body.replace('"amount_total":45000', '"amount_total":1'), signature: good.signature };
    for (const event of [{ body: good.body, signature: null }, wrongSecret, old, tampered]) {
      const answer = await deliver(event);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe("The signature is missing, wrong or too old.");
    }
    expect(await database.select().from(sales)).toEqual([]);
    expect(await linkRow(submission)).toMatchObject({ status: "open" });
  });

  it("answers 404 while Stripe is not configured, and ignores events that are not a paid checkout of its links", async () => {
    const { submission } = await sendLink();
    const event = await signedEvent(paidCheckout(submission));
    expect((await deliver(event, {})).status).toBe(404);
    const unpaid = await signedEvent(paidCheckout(submission, { payment_status: "unpaid" }));
    expect((await deliver(unpaid)).json.outcome).toBe("ignored");
    const other = await signedEvent(paidCheckout("NotOneOfOurLinks0000"));
    expect((await deliver(other)).json.outcome).toBe("ignored");
    const refunded = await signedEvent({ id: "ch_test", object: "charge" }, { type: "charge.refunded" });
    expect((await deliver(refunded)).json.outcome).toBe("ignored");
    expect(await database.select().from(sales)).toEqual([]);
  });

  it("a payment that comes after the work sold records no second sale, and the Sales page asks for a refund", async () => {
    const { submission } = await sendLink();
    // Sold meanwhile at a market, with the one tap.
    await upsertArtworks(database, [
      makeArtwork({ id: "pl-original", title: "Harbour at Dusk", available: "yes", options: [] }),
    ]);
    await database.insert(sales).values({
      id: "market-sale",
      artworkId: "pl-original",
      artworkTitle: "Harbour at Dusk",
      soldOn: todayIn(),
    });
    const answer = await deliver(await signedEvent(paidCheckout(submission)));
    expect(answer.json.outcome).toBe("refund");
    expect(await database.select({ id: sales.id }).from(sales)).toEqual([{ id: "market-sale" }]);
    expect(await linkRow(submission)).toMatchObject({ status: "refund" });
    const page = await pageText(await fetchApp("/sales", { headers: { Cookie: cookie } }));
    expect(page).toContain("Paid after the work had sold: refund this payment in your Stripe dashboard.");
    expect((await postForm("/sales", { intent: "refunded", id: submission }, { Cookie: cookie })).status).toBe(200);
    expect(await linkRow(submission)).toMatchObject({ status: "closed" });
  });

  it("a print's payment takes the next free number of its edition", async () => {
    const stripe = fakeStripe();
    const messageId = await enquiry("pl-print", "A3 giclée print · 42 × 29.7 cm");
    const submission = nextSubmission();
    expect((await reply({ id: messageId, payLink: "65", submission })).status).toBe(200);
    expect(stripe.creations()).toHaveLength(1);
    const answer = await deliver(await signedEvent(paidCheckout(submission, { amount_total: 6500 })));
    expect(answer.json.outcome).toBe("recorded");
    const [sale] = await database.select().from(sales);
    expect(sale).toMatchObject({ optionId: "pl-a3", editionNumber: 7, editionSize: 50, pricePence: 6500 });
    // Six were sold before the desk numbered them: the seventh print.
    const artwork = await getArtwork(database, "pl-print");
    expect(artwork!.options[0]!.sold).toBe(7);
    expect(artwork!.reservations).toEqual([]);
  });
});

describe("a link whose work sold meanwhile", () => {
  it("is deactivated by the Cron Trigger, as is one whose reservation ended; a payable one stays open", async () => {
    const stripe = fakeStripe();
    const sold = await sendLink(stripe);
    // Another enquiry about the print keeps its link open.
    const printEnquiry = await enquiry("pl-print", "A3 giclée print · 42 × 29.7 cm");
    const printLink = nextSubmission();
    expect((await reply({ id: printEnquiry, payLink: "65", submission: printLink })).status).toBe(200);
    // The original sold in person: recorded by hand, not through the link.
    const recorded = await postForm(
      "/sales/new?artwork=pl-original",
      saleForm({ artwork: "pl-original", price: "400", soldOn: todayIn(), payment: "cash", shipping: "collected" }),
      { Cookie: cookie },
    );
    expect(recorded.status).toBe(302);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), { ...env, ...STRIPE_ENV }, ctx);
    await waitOnExecutionContext(ctx);
    expect(await linkRow(sold.submission)).toMatchObject({ status: "closed" });
    expect(await linkRow(printLink)).toMatchObject({ status: "open" });
    expect(stripe.deactivations().map((call) => call.path)).toEqual(["/v1/payment_links/plink_test000001"]);

    // The print's reservation ended early: its link closes on the next run.
    const artwork = await getArtwork(database, "pl-print");
    const ended = await postForm(
      "/sales",
      { intent: "end-reservation", artwork: "pl-print", reservation: artwork!.reservations[0]!.id },
      { Cookie: cookie },
    );
    expect(ended.status).toBe(200);
    const next = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), { ...env, ...STRIPE_ENV }, next);
    await waitOnExecutionContext(next);
    expect(await linkRow(printLink)).toMatchObject({ status: "closed" });
  });
});

describe("without Stripe", () => {
  it("the reply offers the artist's payment instructions, set on the Sales page, and adds them when ticked", async () => {
    const messageId = await enquiry();
    // None yet: the Inbox says where to set them, and offers no payment link.
    const before = await visible(await fetchApp("/inbox", { headers: { Cookie: cookie } }));
    expect(before).toContain("To offer payment in a reply, set your payment instructions on the Sales page.");
    expect(before).not.toContain("Payment link (£)");

    const tooLong = await postForm(
      "/sales",
      { intent: "instructions", instructions: "x".repeat(1001) },
      { Cookie: cookie },
    );
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Instructions can be at most 1000 characters.");
    const saved = await postForm(
      "/sales",
      { intent: "instructions", instructions: "Bank transfer: sort code 12-34-56, account 12345678." },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(200);
    const inbox = await pageText(await fetchApp("/inbox", { headers: { Cookie: cookie } }));
    expect(inbox).toContain("Add my payment instructions");

    const mail = fakeMailChannels();
    const sent = await postForm(
      "/inbox",
      { intent: "reply", id: messageId, body: "It is yours.", addInstructions: "on", submission: nextSubmission() },
      { Cookie: cookie },
    );
    expect(sent.status).toBe(200);
    expect(mail.calls[0]!.body.content[0]!.value).toContain(
      "It is yours.\n\nBank transfer: sort code 12-34-56, account 12345678.",
    );
    // A price for a link is refused, as there is no Stripe to make it.
    const noStripe = await postForm(
      "/inbox",
      { intent: "reply", id: messageId, body: "Pay here", payLink: "450", submission: nextSubmission() },
      { Cookie: cookie },
    );
    expect(noStripe.status).toBe(400);
    expect(await noStripe.text()).toContain("Payment links need Stripe to be configured.");
  });

  it("with Stripe, the Inbox offers a payment link for an enquiry", async () => {
    await enquiry();
    const { response } = await fetchWithEnv(STRIPE_ENV, "/inbox", { headers: { Cookie: cookie } });
    expect(await pageText(response)).toContain("Payment link (£)");
  });
});
