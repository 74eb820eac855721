// A commission's way through the Worker, as the signed-in artist moves it: stages only in order, a quote
// sent to the client as a reply (with a Stripe deposit link, or her payment instructions), progress photos
// at a private link that shows that commission alone, and deletion that takes every photo with it.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { savePaymentInstructions } from "~/site/settings.server";
import { readManifest } from "~/backup/export.server";
import { db } from "~/platform/db.server";
import { addDays, todayIn } from "~/ui/dates";
import { signIn } from "./admin-helpers";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, pageText, TINY_JPEG } from "./helpers";
import { fakeStripe, STRIPE_ENV } from "../support/stripe";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const database = db(env);

beforeEach(async () => {
  for (const table of [
    "commission_progress_photos",
    "commission_photos",
    "commissions",
    "message_replies",
    "messages",
  ]) {
    await env.DB.prepare(`delete from ${table}`).run();
  }
  await env.DB.prepare("delete from site_settings").run();
});

let made = 0;
/** A request as the form stores it (its message and its row), at `stage`. */
async function request(stage = "new", name = "Nell Carter") {
  const id = `PipelineRequest${String(++made).padStart(5, "0")}`;
  await env.DB.batch([
    env.DB.prepare(
      "insert into messages (id, kind, name, email, message, status) values (?, 'commission', ?, 'nell@example.com', ?, 'sent')",
    ).bind(id, name, "Subject: A pet\n\nOur spaniel."),
    env.DB.prepare(
      "insert into commissions (id, subject, medium, size, budget_min_pence, budget_max_pence, stage) values (?, 'pet', 'Oil', '30 × 40 cm', 20000, 40000, ?)",
    ).bind(id, stage),
  ]);
  return id;
}

const stageOf = async (id: string) =>
  (await env.DB.prepare("select stage, ended_at from commissions where id = ?").bind(id).first<{
    stage: string;
    ended_at: string | null;
  }>())!;
const repliesTo = async (id: string) =>
  (
    await env.DB.prepare("select body, status from message_replies where message_id = ? order by created_at")
      .bind(id)
      .all<{ body: string; status: string }>()
  ).results;

/** A form on the request's page, as the signed-in artist sends it; with Stripe when `config` says so. */
async function post(id: string, body: FormData | Record<string, string>, config: Partial<Env> = {}) {
  const { response, settled } = await fetchWithEnv(config, `/inbox/commissions/${id}/upload`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: body instanceof FormData ? body : new URLSearchParams(body),
  });
  await settled();
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

const quote = (overrides: Record<string, string> = {}) => ({
  intent: "quote",
  submission: `PipelineQuote${String(++made).padStart(7, "0")}`,
  price: "350",
  deposit: "100",
  expectedOn: addDays(todayIn(), 40),
  body: "I would love to paint Biscuit.",
  ...overrides,
});

describe("the stages", () => {
  it("go only in order: no deposit before a quote, no painting before the deposit; a decline ends it", async () => {
    const id = await request();
    const early = await post(id, { intent: "move", to: "deposit-paid" });
    expect(early.status).toBe(409);
    expect(early.answer.formError).toBe("Its stage changed meanwhile: see it as it is now, and try again.");
    expect((await stageOf(id)).stage).toBe("new");
    expect((await post(id, { intent: "move", to: "in-progress" })).status).toBe(409);

    await savePaymentInstructions(database, "Bank transfer to A. Okoye, sort code 00-00-00, account 12345678.");
    expect((await post(id, quote())).answer).toEqual({ ok: true, notice: "Quote sent." });
    expect((await stageOf(id)).stage).toBe("quoted");
    expect((await post(id, { intent: "move", to: "deposit-paid" })).status).toBe(200);
    // A second tap on an old page: it moved already, so nothing moves twice.
    expect((await post(id, { intent: "move", to: "deposit-paid" })).status).toBe(409);
    expect((await post(id, { intent: "move", to: "in-progress" })).status).toBe(200);
    // Delivery is not a tap: it records a sale, on its own form.
    expect((await post(id, { intent: "move", to: "delivered" })).status).toBe(400);
    expect((await post(id, { intent: "move", to: "declined" })).status).toBe(200);
    const ended = await stageOf(id);
    expect(ended.stage).toBe("declined");
    expect(ended.ended_at).not.toBeNull();
    expect((await post(id, { intent: "move", to: "in-progress" })).status).toBe(409);
  });
});

describe("a quote", () => {
  it("is sent to the client as a reply with the figures and her payment instructions, once however often it is sent", async () => {
    const id = await request();
    await savePaymentInstructions(database, "Bank transfer to A. Okoye, account 12345678.");
    const fields = quote();
    expect((await post(id, fields)).status).toBe(200);
    // Sent again (its answer lost on a weak signal): the same reply, not a second.
    expect((await post(id, fields)).answer).toEqual({ ok: true, notice: "Quote sent." });
    const [reply, ...more] = await repliesTo(id);
    expect(more).toEqual([]);
    expect(reply!.body).toContain("I would love to paint Biscuit.");
    expect(reply!.body).toContain("Price: £350");
    expect(reply!.body).toContain("Deposit to start: £100");
    expect(reply!.body).toContain("To pay the deposit:\nBank transfer to A. Okoye, account 12345678.");
    const row = await env.DB.prepare("select quote_pence, deposit_pence from commissions where id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ quote_pence: 35000, deposit_pence: 10000 });
  });

  it("with Stripe, carries a payment link for the deposit alone", async () => {
    const stripe = fakeStripe();
    const id = await request();
    const fields = quote();
    expect((await post(id, fields, STRIPE_ENV)).answer).toEqual({ ok: true, notice: "Quote sent." });
    const [call] = stripe.creations();
    expect(call!.headers.get("Idempotency-Key")).toBe(`commission-deposit-${fields.submission}`);
    expect(Object.fromEntries(call!.form)).toMatchObject({
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "10000",
      "metadata[commission]": id,
    });
    const [reply] = await repliesTo(id);
    expect(reply!.body).toMatch(/Pay the deposit here: https:\/\/buy\.stripe\.com\/test_plink_test\d+/);
  });

  it("closes the deposit link a new quote replaces, and the last one once the deposit is marked paid", async () => {
    const stripe = fakeStripe();
    const id = await request();
    const first = quote();
    await post(id, first, STRIPE_ENV);
    // Sent again (a lost answer): the same link, nothing closed.
    await post(id, first, STRIPE_ENV);
    expect(stripe.creations()).toHaveLength(2);
    expect(stripe.deactivations()).toEqual([]);
    expect(stripe.state.made).toBe(1);
    const firstLink = "plink_test000001";

    // A changed quote: a new link, and the first can no longer be paid.
    expect((await post(id, quote({ deposit: "120" }), STRIPE_ENV)).answer).toEqual({ ok: true, notice: "Quote sent." });
    expect(stripe.state.made).toBe(2);
    expect(stripe.deactivations().map((call) => [call.path, call.form.get("active")])).toEqual([
      [`/v1/payment_links/${firstLink}`, "false"],
    ]);

    // Paid by bank transfer after all: marked paid, the second link closes too.
    expect((await post(id, { intent: "move", to: "deposit-paid" }, STRIPE_ENV)).status).toBe(200);
    expect(stripe.deactivations().map((call) => call.path)).toEqual([
      `/v1/payment_links/${firstLink}`,
      "/v1/payment_links/plink_test000002",
    ]);
    expect(await env.DB.prepare("select deposit_link from commissions where id = ?").bind(id).first()).toEqual({
      deposit_link: null,
    });
    // A quoted request deleted: its link closes with it. One Stripe fails to close is kept, to close next time.
    const deleting = await request();
    await post(deleting, quote(), STRIPE_ENV);
    stripe.state.failing = true;
    await post(deleting, { intent: "move", to: "declined" }, STRIPE_ENV);
    expect(await env.DB.prepare("select deposit_link from commissions where id = ?").bind(deleting).first()).toEqual({
      deposit_link: "plink_test000003",
    });
    stripe.state.failing = false;
    await post(deleting, { intent: "delete" }, STRIPE_ENV);
    // Tried when declined (and failed), then again, done, as the request was deleted.
    const tries = stripe.deactivations().filter((call) => call.path === "/v1/payment_links/plink_test000003");
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(stripe.calls.at(-1)!.path).toBe("/v1/payment_links/plink_test000003");
  });

  it("is refused with clear messages, nothing sent: no way to pay, the deposit above the price, a day passed", async () => {
    const id = await request();
    const noWay = await post(id, quote());
    expect(noWay.status).toBe(400);
    expect(noWay.answer.formError).toMatch(/^There is no way to pay a deposit yet/);
    const bad = await post(id, quote({ deposit: "500", expectedOn: addDays(todayIn(), -1) }));
    expect(bad.status).toBe(400);
    expect(bad.answer.errors).toEqual({
      deposit: "The deposit is more than the price: please check the two amounts.",
      expectedOn: "That day has passed: choose one from today on.",
    });
    expect((bad.answer.values as Record<string, string>).body).toBe("I would love to paint Biscuit.");
    expect((await stageOf(id)).stage).toBe("new");
    expect(await repliesTo(id)).toEqual([]);
    // No deposit needs no way to pay it.
    expect((await post(id, quote({ deposit: "0" }))).status).toBe(200);
  });
});

/** The progress form as her phone sends it: a photo, a caption, the box to tell the client. */
function progressForm(caption: string, tell = true) {
  const form = new FormData();
  form.append("intent", "save");
  form.append("submission", `PipelineShare${String(++made).padStart(7, "0")}`);
  form.append("caption", caption);
  if (tell) form.append("tell", "on");
  form.append("images", new File([TINY_JPEG], "first-layers.jpg", { type: "image/jpeg" }));
  return form;
}

describe("progress at the private link", () => {
  it("shows that commission's photos alone, to whoever holds its link, and the client is e-mailed the link", async () => {
    const mine = await request("deposit-paid", "Nell Carter");
    const theirs = await request("in-progress", "Someone Else");
    expect((await post(mine, progressForm("The first layers."))).answer).toEqual({
      ok: true,
      notice: "Shared, and the client has the link.",
    });
    expect((await post(theirs, progressForm("Another family's sky.", false))).answer).toEqual({
      ok: true,
      notice: "Shared.",
    });
    const tokenOf = async (id: string) =>
      (await env.DB.prepare("select progress_token from commissions where id = ?").bind(id).first<{
        progress_token: string;
      }>())!.progress_token;
    const [myToken, theirToken] = [await tokenOf(mine), await tokenOf(theirs)];
    expect(myToken).toMatch(/^[A-Za-z0-9]{40}$/);
    const [reply] = await repliesTo(mine);
    expect(reply!.body).toContain(`https://art.example/commissions/progress/${myToken}`);
    expect(await repliesTo(theirs)).toEqual([]);

    const page = await pageText(await fetchApp(`/commissions/progress/${myToken}`));
    expect(page).toContain("The first layers.");
    expect(page).not.toContain("Another family's sky.");
    expect(page).not.toContain("Nell Carter");
    const photoIds = async (id: string) =>
      (
        await env.DB.prepare("select id from commission_progress_photos where commission_id = ?")
          .bind(id)
          .all<{ id: string }>()
      ).results.map((row) => row.id);
    const [myPhoto] = await photoIds(mine);
    const [theirPhoto] = await photoIds(theirs);
    expect(page).toContain(`/commissions/progress/${myToken}/photos/${myPhoto}`);

    const photo = await fetchApp(`/commissions/progress/${myToken}/photos/${myPhoto}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Cache-Control")).toBe("private, no-store");
    // Another commission's photo through this link, or a guessed link: nothing.
    expect((await fetchApp(`/commissions/progress/${myToken}/photos/${theirPhoto}`)).status).toBe(404);
    expect((await fetchApp(`/commissions/progress/${"A".repeat(40)}`)).status).toBe(404);
    // One letter changed (to one it is not, or the "guess" would be the token itself one time in 62).
    const guessed = `${theirToken.slice(0, 39)}${theirToken.endsWith("x") ? "y" : "x"}`;
    expect((await fetchApp(`/commissions/progress/${guessed}`)).status).toBe(404);
  });

  it("goes with the request when the artist deletes it, every copy from R2", async () => {
    const id = await request("in-progress");
    await post(id, progressForm("Nearly there.", false));
    const keys = (
      await env.DB.prepare("select key, copies from commission_progress_photos").all<{ key: string; copies: string }>()
    ).results.flatMap((row) => [
      row.key,
      ...Object.values(JSON.parse(row.copies) as Record<string, { key: string }>).map((c) => c.key),
    ]);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await env.IMAGES.head(key), key).not.toBeNull();
    await post(id, { intent: "delete" });
    for (const key of keys) expect(await env.IMAGES.head(key), key).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from commission_progress_photos").first()).toEqual({ n: 0 });
  });
});

describe("a backup", () => {
  it("carries the quote, the private link and the progress photos with their bytes", async () => {
    const id = await request("in-progress");
    await env.DB.prepare("update commissions set quote_pence = 48000, deposit_pence = 12000 where id = ?")
      .bind(id)
      .run();
    await post(id, progressForm("Backed up.", false));
    const manifest = await readManifest(env);
    const [commission] = manifest.commissions;
    expect(commission).toMatchObject({ id, stage: "in-progress", quotePence: 48000, depositPence: 12000 });
    expect(commission!.progressToken).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(manifest.progressPhotos).toMatchObject([{ commissionId: id, caption: "Backed up." }]);
    expect(manifest.images.map((image) => image.key)).toContain(manifest.progressPhotos[0]!.key);
  });
});

describe("delivery", () => {
  const delivered = (overrides: Record<string, string> = {}) => ({
    intent: "deliver",
    submission: `PipelineSale${String(++made).padStart(8, "0")}`,
    title: "Biscuit in the Garden",
    description: "Painted to order.",
    price: "350",
    soldOn: todayIn(),
    payment: "bank-transfer",
    shipping: "hand-delivered",
    name: "Nell Carter",
    email: "nell@example.com",
    address: "",
    note: "A commission.",
    shop: "on",
    ...overrides,
  });

  it("records a sale with the client as collector and a certificate, and puts the work in the shop as SOLD", async () => {
    const id = await request("in-progress");
    // Nothing to show yet: the finished work's photo comes first.
    const early = await post(id, delivered());
    expect(early.status).toBe(400);
    expect(early.answer.formError).toBe("Share a photo of the finished painting first: its certificate shows it.");
    await post(id, progressForm("Finished.", false));

    const fields = delivered();
    const done = await post(id, fields);
    const saleId = String(done.answer.redirect).replace("/sales/", "");
    expect(done.answer.redirect).toBe(`/sales/${fields.submission}`);
    // Sent again: the same sale, not a second.
    expect((await post(id, fields)).answer.redirect).toBe(`/sales/${saleId}`);
    const sales = (
      await env.DB.prepare(
        "select s.*, c.email as collector from sales s join collectors c on c.id = s.collector_id",
      ).all<Record<string, unknown>>()
    ).results.filter((sale) => sale.post_id === `commission-${id}`);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ price_pence: 35000, collector: "nell@example.com", message_id: id });
    expect(sales[0]!.certificate_number).toMatch(/^[0-9A-F]{16}$/);
    expect(await stageOf(id)).toMatchObject({ stage: "delivered" });

    const artwork = await env.DB.prepare(
      "select title, price, available, draft, category, image_urls from posts where id = ?",
    )
      .bind(`commission-${id}`)
      .first<Record<string, unknown>>();
    expect(artwork).toMatchObject({
      title: "Biscuit in the Garden",
      price: "Commissioned",
      available: "no",
      draft: 0,
      category: "custom",
    });
    const [picture] = JSON.parse(String(artwork!.image_urls)) as string[];
    expect(picture).toMatch(/^posts\//);
    expect((await fetchApp(`/images/${picture}`)).status).toBe(200);
    const shop = await pageText(await fetchApp("/gallery?category=custom"));
    expect(shop).toContain("Biscuit in the Garden");
    expect(shop).toMatch(/Biscuit in the Garden[\s\S]{0,2000}SOLD|SOLD[\s\S]{0,2000}Biscuit in the Garden/);
  });

  it("is refused before the painting is under way, and keeps the work off the shop when unticked", async () => {
    const quoted = await request("quoted");
    expect((await post(quoted, delivered())).status).toBe(409);
    const id = await request("in-progress");
    await post(id, progressForm("Finished.", false));
    const { shop: _shop, ...unticked } = delivered();
    expect((await post(id, unticked)).status).toBe(200);
    const artwork = await env.DB.prepare("select draft, available from posts where id = ?")
      .bind(`commission-${id}`)
      .first();
    expect(artwork).toEqual({ draft: 1, available: "no" });
  });

  it("shows the finished work in the shop only once its sale is recorded", async () => {
    const id = await request("in-progress");
    await post(id, progressForm("Finished.", false));
    // The sale cannot be written (D1 failing for this table alone): nothing may be offered for sale meanwhile.
    await env.DB.prepare(
      "create trigger no_sales before insert on sales begin select raise(abort, 'sales are down (test)'); end",
    ).run();
    try {
      const fields = delivered({ title: "Unsold Biscuit" });
      const failed = await fetchApp(`/inbox/commissions/${id}/upload`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams(fields),
      });
      expect(failed.status).toBe(500);
      expect(await env.DB.prepare("select draft from posts where id = ?").bind(`commission-${id}`).first()).toEqual({
        draft: 1,
      });
      expect(await pageText(await fetchApp("/gallery?category=custom"))).not.toContain("Unsold Biscuit");
    } finally {
      await env.DB.prepare("drop trigger no_sales").run();
    }
    // Sent again once sales can be written: recorded, and shown SOLD.
    const again = await post(id, delivered({ title: "Unsold Biscuit" }));
    expect(again.status).toBe(200);
    expect(
      await env.DB.prepare("select draft, available from posts where id = ?").bind(`commission-${id}`).first(),
    ).toEqual({
      draft: 0,
      available: "no",
    });
    expect(await pageText(await fetchApp("/gallery?category=custom"))).toContain("Unsold Biscuit");
  });

  it("a collector erased on their request takes their commission requests and every photo with them", async () => {
    const id = await request("in-progress");
    const other = await request("new", "Someone Else");
    await env.DB.prepare("update messages set email = 'other@example.com' where id = ?").bind(other).run();
    await post(id, progressForm("Finished.", false));
    const done = await post(id, delivered({ email: "Nell@Example.com" }));
    expect(done.status).toBe(200);
    const keys = (await env.DB.prepare("select key from commission_progress_photos").all<{ key: string }>()).results;
    expect(keys.length).toBeGreaterThan(0);
    const collector = (await env.DB.prepare("select id from collectors where lower(email) = 'nell@example.com'").first<{
      id: string;
    }>())!.id;

    const erased = await fetchApp(`/collectors/${collector}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: "http://localhost" },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(erased.status).toBe(302);
    expect(
      await env.DB.prepare("select id from commissions")
        .all()
        .then((r) => r.results),
    ).toEqual([{ id: other }]);
    expect(await env.DB.prepare("select count(*) as n from commission_progress_photos").first()).toEqual({ n: 0 });
    for (const { key } of keys) expect(await env.IMAGES.head(key), key).toBeNull();
    // The sale stays, with no buyer.
    expect(
      await env.DB.prepare("select collector_id from sales where post_id = ?").bind(`commission-${id}`).first(),
    ).toEqual({ collector_id: null });
  });
});
