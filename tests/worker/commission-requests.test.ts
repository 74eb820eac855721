// A commission request through the whole Worker: its photos byte-sniffed and kept private in R2, within
// the daily caps (past them held, never lost), refusals that keep what was typed and every photo already
// taken, the artist's list and page with the photos, and deletion that takes the photos with it.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { photosNotKept } from "~/commissions/intake.server";
import { REQUEST_SENT } from "~/commissions/RequestPage";
import { deleteExpiredPhotos } from "~/commissions/requests.server";
import { readManifest } from "~/backup/export.server";
import { imageEntryName, MANIFEST_NAME } from "~/backup/layout";
import { readBackup, restoreBackup, type ArchiveReader } from "~/backup/restore.server";
import type { FormFailure, FormSuccess } from "~/forms/result";
import { composeEmail } from "~/messages/mail.server";
import { messages, type Message } from "~/messages/schema";
import { getAppEnv } from "~/platform/env.server";
import { db } from "~/platform/db.server";
import { todayIn, addDays } from "~/ui/dates";
import { postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, pageText, TINY_JPEG } from "./helpers";
import { freshClientIp } from "../support/addresses";
import { fakeSiteverify, TURNSTILE_TEST } from "../support/turnstile";
import { CHALLENGE_FAILED } from "~/forms/spam.server";
import { HONEYPOT_FIELD } from "~/forms/spam";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  for (const table of ["commission_photos", "commissions", "messages"])
    await env.DB.prepare(`delete from ${table}`).run();
});

const fields = (overrides: Record<string, string> = {}) => ({
  subject: "pet",
  medium: "Oil",
  size: "30 × 40 cm",
  budgetMin: "200",
  budgetMax: "400",
  wantedBy: addDays(todayIn(), 30),
  message: "Our spaniel Biscuit, in the garden.",
  name: "Nell Carter",
  email: "nell@example.com",
  ...overrides,
});

/** A photo as the picker sends it: a JPEG's bytes (or `bytes`) under `name`. */
const photo = (name: string, bytes: Uint8Array<ArrayBuffer> = TINY_JPEG) =>
  new File([bytes], name, { type: "image/jpeg" });

/** The form as the browser sends it: the text fields (and kept photos' ids) first, then the chosen photos. */
function requestForm(values: Record<string, string>, photos: File[] = [], keep: string[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const id of keep) form.append("photo", id);
  for (const file of photos) form.append("photos", file, file.name);
  return form;
}

/** Sent as the page's script sends it (the upload route, answered as JSON). */
async function send(form: FormData, headers: Record<string, string> = {}) {
  const response = await postMultipart("/commissions/request/upload", form, headers);
  return { status: response.status, answer: (await response.json()) as FormSuccess | FormFailure };
}

const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

type PhotoRow = { id: string; key: string; commission_id: string | null; draft_id: string; name: string };
const photoRows = () => rows<PhotoRow>("select * from commission_photos order by created_at");
const inR2 = async (keys: string[]) => (await Promise.all(keys.map((key) => env.IMAGES.head(key)))).map(Boolean);

describe("a commission request", () => {
  it("sent again with the same draft (its answer lost on a weak signal) is stored and e-mailed once", async () => {
    const draft = { draft: "LostAnswerDraft00001" };
    const first = await send(requestForm(fields(draft), [photo("biscuit.jpg")]));
    expect(first.answer).toEqual({ ok: true });
    const again = await send(requestForm(fields(draft), [photo("biscuit.jpg")]));
    expect(again.answer).toEqual({ ok: true });
    expect(await rows("select id from messages")).toEqual([{ id: draft.draft }]);
    expect(await rows("select id from commissions")).toEqual([{ id: draft.draft }]);
    // The photo sent the second time is not kept twice.
    const photos = await photoRows();
    expect(photos.map((p) => [p.name, p.commission_id])).toEqual([["biscuit.jpg", draft.draft]]);
    expect(await inR2(photos.map((p) => p.key))).toEqual([true]);
    expect((await env.IMAGES.list({ prefix: `private/commissions/${draft.draft}/` })).objects).toHaveLength(1);
  });

  it("is stored with its photos, private in R2, e-mailed with its details, and listed for the artist", async () => {
    const { status, answer } = await send(requestForm(fields(), [photo("biscuit.jpg"), photo("garden.jpg")]));
    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true });

    const [message] = await rows<Message & { kind: string; status: string }>("select * from messages");
    expect(message).toMatchObject({ kind: "commission", name: "Nell Carter", email: "nell@example.com" });
    expect(message!.status).not.toBe("held");
    const [commission] = await rows<Record<string, unknown>>("select * from commissions");
    expect(commission).toMatchObject({
      id: message!.id,
      subject: "pet",
      medium: "Oil",
      budget_min_pence: 20000,
      budget_max_pence: 40000,
      stage: "new",
    });
    const photos = await photoRows();
    expect(photos.map((p) => [p.name, p.commission_id])).toEqual([
      ["biscuit.jpg", message!.id],
      ["garden.jpg", message!.id],
    ]);
    for (const p of photos) expect(p.key).toMatch(/^private\/commissions\//);
    expect(await inR2(photos.map((p) => p.key))).toEqual([true, true]);

    // The artist's e-mail carries every detail above the client's words.
    const [stored] = await db(env).select().from(messages);
    const mail = composeEmail(stored!, getAppEnv(env));
    expect(mail.subject).toBe("Commission request from Nell Carter");
    const text = mail.content[0].value;
    for (const line of ["Subject: A pet", "Size: 30 × 40 cm", "Budget: £200 to £400", "Reference photos: 2"]) {
      expect(text).toContain(line);
    }
    expect(text).toContain("Our spaniel Biscuit");

    const list = await pageText(await fetchApp("/inbox/commissions", { headers: { Cookie: cookie } }));
    expect(list).toContain("Nell Carter");
    expect(list).toContain("A pet · Oil · 30 × 40 cm · £200 to £400");
    expect(list).toContain("2 photos");
    const page = await pageText(await fetchApp(`/inbox/commissions/${message!.id}`, { headers: { Cookie: cookie } }));
    for (const p of photos) expect(page).toContain(`src="/inbox/commissions/photos/${p.id}"`);
    const served = await fetchApp(`/inbox/commissions/photos/${photos[0]!.id}`, { headers: { Cookie: cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_JPEG);
  });

  it("thanks the visitor on the page when sent without JavaScript", async () => {
    const response = await postMultipart("/commissions/request", requestForm(fields(), [photo("a.jpg")]));
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain(REQUEST_SENT);
    expect(await rows("select id from commissions")).toHaveLength(1);
  });

  it("never shows a photo without a session, by its id or its R2 key", async () => {
    await send(requestForm(fields(), [photo("private.jpg")]));
    const [stored] = await photoRows();
    const signedOut = await fetchApp(`/inbox/commissions/photos/${stored!.id}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/dashboard");
    expect((await signedOut.arrayBuffer()).byteLength).toBe(0);
    for (const guess of [stored!.key, stored!.key.replace("private/", "Private/"), `./${stored!.key}`]) {
      const response = await fetchApp(`/images/${guess}`);
      expect(response.status, guess).toBe(404);
      expect(new Uint8Array(await response.arrayBuffer())).not.toEqual(TINY_JPEG);
    }
    // A draft's photo (the form not yet sent) is no one's to see, the artist's included.
    const draft = await send(requestForm(fields({ budgetMax: "1" }), [photo("draft.jpg")]));
    expect(draft.status).toBe(400);
    const draftPhoto = (await photoRows()).find((p) => p.commission_id === null)!;
    const asArtist = await fetchApp(`/inbox/commissions/photos/${draftPhoto.id}`, { headers: { Cookie: cookie } });
    expect(asArtist.status).toBe(404);
  });

  it("refuses what is not a photo, a sixth photo, a past date and an upside-down budget, keeping the rest", async () => {
    const notAPhoto = new File([new TextEncoder().encode("%PDF-1.7")], "brief.jpg", { type: "image/jpeg" });
    const first = await send(
      requestForm(fields({ wantedBy: addDays(todayIn(), -1), budgetMin: "500", budgetMax: "300" }), [
        photo("one.jpg"),
        notAPhoto,
        photo("two.jpg"),
      ]),
    );
    expect(first.status).toBe(400);
    const refused = first.answer as FormFailure;
    expect(refused.errors).toMatchObject({
      photos: '"brief.jpg" is not a JPEG, PNG, WebP, GIF or AVIF image.',
      wantedBy: "That date has passed: please choose a date from today on.",
      budgetMax: "This is less than the least you would spend: please check the two amounts.",
    });
    expect(refused.values).toMatchObject({ name: "Nell Carter", message: "Our spaniel Biscuit, in the garden." });
    expect(refused.lists!.photoName).toEqual(["one.jpg (0.0 MB)", "two.jpg (0.0 MB)"]);
    expect(await rows("select id from messages")).toHaveLength(0);

    // Mended: the two photos already taken stay (not sent again), four more make six, one too many.
    const again = (chosen: File[]) =>
      send(
        requestForm(
          fields({ draft: refused.values.draft!, refused: refused.values.refused! }),
          chosen,
          refused.lists!.photo,
        ),
      );
    const six = await again([1, 2, 3, 4].map((n) => photo(`more-${n}.jpg`)));
    expect(six.status).toBe(400);
    const tooMany = six.answer as FormFailure;
    expect(tooMany.errors.photos).toBe("You can send at most 5 photos with a request.");
    expect(tooMany.lists!.photo).toHaveLength(5);

    // Sent once more with the five it keeps: stored, with those five and no others.
    const sent = await send(
      requestForm(fields({ draft: tooMany.values.draft!, refused: "0" }), [], tooMany.lists!.photo),
    );
    expect(sent).toEqual({ status: 200, answer: { ok: true } });
    const photos = await photoRows();
    expect(photos.filter((p) => p.commission_id !== null)).toHaveLength(5);
    expect(photos).toHaveLength(5);
  });

  it("lets the visitor leave out a photo already taken: unticked, it is deleted", async () => {
    const first = (await send(requestForm(fields({ email: "" }), [photo("keep.jpg"), photo("drop.jpg")])))
      .answer as FormFailure;
    const [keep, drop] = first.lists!.photo!;
    const dropped = (await photoRows()).find((p) => p.id === drop)!;
    const sent = await send(requestForm(fields({ draft: first.values.draft! }), [], [keep!]));
    expect(sent.status).toBe(200);
    expect((await photoRows()).map((p) => p.name)).toEqual(["keep.jpg"]);
    expect(await inR2([dropped.key])).toEqual([false]);
  });
});

describe("the daily caps on photos", () => {
  const capped = (caps: Record<string, string>, form: FormData, ip = freshClientIp()) =>
    fetchWithEnv(caps as unknown as Partial<Env>, "/commissions/request/upload", {
      method: "POST",
      headers: { Origin: "http://localhost", "CF-Connecting-IP": ip },
      body: form,
    }).then(async ({ response }) => ({ status: response.status, answer: await response.json() }));

  it("screens a bot before storing any photo: a failed challenge or a filled trap stores none", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const siteverify = fakeSiteverify();
    const withTurnstile = (secret: string) => ({
      TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKeyPasses,
      TURNSTILE_SECRET_KEY: secret,
    });
    const token = { "cf-turnstile-response": TURNSTILE_TEST.dummyToken };
    const inStorage = async () => (await env.IMAGES.list({ prefix: "private/commissions/" })).objects.length;
    const before = await inStorage();
    const failed = await capped(
      withTurnstile(TURNSTILE_TEST.secretFails),
      requestForm(fields(token), [photo("bot-1.jpg"), photo("bot-2.jpg")]),
    );
    expect(failed.status).toBe(400);
    // What was typed comes back; the photos chosen, never read, stay chosen in the page.
    expect(failed.answer).toMatchObject({
      ok: false,
      formError: CHALLENGE_FAILED,
      values: { name: "Nell Carter", photosUnread: "yes" },
    });
    const trapped = await capped(
      {},
      requestForm(fields({ [HONEYPOT_FIELD]: "https://spam.example" }), [photo("bot-3.jpg")]),
    );
    expect(trapped.answer).toEqual({ ok: true });
    expect(await photoRows()).toEqual([]);
    expect(await inStorage()).toBe(before);
    expect(await rows("select id from messages")).toEqual([]);

    // A person passes, once: the token is checked before the photos and not again (it is spent).
    const passed = await capped(
      withTurnstile(TURNSTILE_TEST.secretPasses),
      requestForm(fields(token), [photo("me.jpg")]),
    );
    expect(passed.answer).toEqual({ ok: true });
    expect((await photoRows()).map((p) => p.name)).toEqual(["me.jpg"]);
    expect(siteverify.received).toHaveLength(2);
  });

  it("past the sender's cap keeps the photos that fit and holds the request, telling the visitor", async () => {
    const ip = freshClientIp();
    const caps = { COMMISSION_PHOTOS_PER_ADDRESS: "2" };
    const photos = [photo("1.jpg"), photo("2.jpg"), photo("3.jpg")];
    const { status, answer } = await capped(caps, requestForm(fields(), photos), ip);
    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, notice: photosNotKept(1) });
    expect((await photoRows()).map((p) => p.name)).toEqual(["1.jpg", "2.jpg"]);
    const [message] = await rows<{ status: string; message: string }>("select status, message from messages");
    expect(message!.status).toBe("held");
    expect(message!.message).toContain("Not kept: 1 more photo, past the site's daily limit");
    const [commission] = await rows<{ photos_refused: number }>("select photos_refused from commissions");
    expect(commission!.photos_refused).toBe(1);

    // Another address has its own allowance.
    const other = await capped(caps, requestForm(fields({ email: "other@example.com" }), [photo("4.jpg")]));
    expect(other.answer).toEqual({ ok: true });
  });

  it("two requests at once never both take the day's last room", async () => {
    const lastOne = { COMMISSION_PHOTOS_PER_DAY: "1" };
    const answers = await Promise.all([
      capped(lastOne, requestForm(fields(), [photo("first.jpg")])),
      capped(lastOne, requestForm(fields({ email: "other@example.com" }), [photo("second.jpg")])),
    ]);
    expect(answers.map((each) => each.status)).toEqual([200, 200]);
    expect(await photoRows()).toHaveLength(1);
  });

  it("site-wide, counts every address together, by photos and by megabytes", async () => {
    const byCount = { COMMISSION_PHOTOS_PER_DAY: "3" };
    expect((await capped(byCount, requestForm(fields(), [photo("a.jpg"), photo("b.jpg")]))).answer).toEqual({
      ok: true,
    });
    const second = await capped(byCount, requestForm(fields(), [photo("c.jpg"), photo("d.jpg")]));
    expect(second.answer).toEqual({ ok: true, notice: photosNotKept(1) });
    expect(await photoRows()).toHaveLength(3);

    const big = new Uint8Array(700 * 1024);
    big.set(TINY_JPEG);
    const byBytes = { COMMISSION_PHOTO_MB_PER_DAY: "1" };
    const third = await capped(byBytes, requestForm(fields(), [photo("big.jpg", big), photo("big2.jpg", big)]));
    // Three tiny photos and one of 700 KB fit in the day's megabyte; the second of 700 KB does not.
    expect(third.answer).toEqual({ ok: true, notice: photosNotKept(1) });
    expect((await photoRows()).map((p) => p.name)).toContain("big.jpg");
    expect((await photoRows()).map((p) => p.name)).not.toContain("big2.jpg");
  });
});

describe("deleting a commission request", () => {
  it("removes its photos from R2 with it, and the Inbox's own deletes leave it alone", async () => {
    await send(requestForm(fields(), [photo("gone.jpg")]));
    const [message] = await rows<{ id: string }>("select id from messages");
    const keys = (await photoRows()).map((p) => p.key);

    // The Inbox's Delete and Delete All Held are for messages; a request is deleted on its own page.
    await env.DB.prepare("update messages set status = 'held'").run();
    await postForm("/inbox", { intent: "delete", id: message!.id }, { Cookie: cookie });
    await postForm("/inbox", { intent: "delete-held" }, { Cookie: cookie });
    expect(await rows("select id from messages")).toHaveLength(1);

    const response = await postForm(`/inbox/commissions/${message!.id}`, { intent: "delete" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/inbox/commissions");
    expect(await rows("select id from messages")).toHaveLength(0);
    expect(await rows("select id from commissions")).toHaveLength(0);
    expect(await photoRows()).toHaveLength(0);
    expect(await inR2(keys)).toEqual([false]);
  });

  it("the Cron Trigger deletes photos of forms never sent after a day, and of ended commissions after the days set", async () => {
    await send(requestForm(fields({ email: "" }), [photo("abandoned.jpg")]));
    await send(requestForm(fields(), [photo("ended.jpg")]));
    await send(requestForm(fields({ email: "live@example.com" }), [photo("live.jpg")]));
    const keyOf = async (name: string) => (await photoRows()).find((p) => p.name === name)!.key;
    const [abandoned, ended, live] = [await keyOf("abandoned.jpg"), await keyOf("ended.jpg"), await keyOf("live.jpg")];
    const now = Date.now();
    await env.DB.prepare(
      "update commissions set stage = 'delivered', ended_at = ? where id = (select commission_id from commission_photos where name = 'ended.jpg')",
    )
      .bind(new Date(now - 10 * 86_400_000).toISOString())
      .run();

    // Within the day and within the days set: nothing goes.
    expect(await deleteExpiredPhotos(db(env), env.IMAGES, 30, now)).toEqual({ drafts: 0, ended: 0 });
    expect(await deleteExpiredPhotos(db(env), env.IMAGES, 7, now + 86_400_000 + 1000)).toEqual({ drafts: 1, ended: 1 });
    expect(await inR2([abandoned, ended, live])).toEqual([false, false, true]);
    expect((await photoRows()).map((p) => p.name)).toEqual(["live.jpg"]);
    // The request itself stays for the artist's record.
    expect(await rows("select id from commissions")).toHaveLength(2);
  });
});

describe("a backup", () => {
  it("carries requests, their stage and their photos (drafts aside), and a restore brings them back", async () => {
    await send(requestForm(fields(), [photo("kept-in-backup.jpg")]));
    await send(requestForm(fields({ email: "" }), [photo("draft-only.jpg")]));
    await env.DB.prepare("update commissions set stage = 'quoted'").run();
    const manifest = await readManifest(env);
    expect(manifest.commissions).toMatchObject([{ stage: "quoted", subject: "pet", budgetMaxPence: 40000 }]);
    expect(manifest.commissionPhotos.map((p) => p.name)).toEqual(["kept-in-backup.jpg"]);
    const key = manifest.commissionPhotos[0]!.key;
    expect(manifest.images.map((image) => image.key)).toContain(key);
    expect(manifest.messages.filter((m) => m.kind === "commission")).toHaveLength(1);

    const entries = new Map([[MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(manifest))]]);
    for (const image of manifest.images) {
      const object = await env.IMAGES.get(image.key);
      entries.set(imageEntryName(image.key), new Uint8Array(await object!.arrayBuffer()));
    }
    const archive: ArchiveReader = {
      sizeOf: (name) => entries.get(name)?.byteLength,
      read: async (name) => entries.get(name)!,
    };
    // Lost: the rows and the bytes.
    for (const table of ["commission_photos", "commissions", "messages"])
      await env.DB.prepare(`delete from ${table}`).run();
    await env.IMAGES.delete(key);
    await restoreBackup(env, archive, await readBackup(archive, "c.zip"), "c.zip");
    expect(await rows("select stage from commissions")).toEqual([{ stage: "quoted" }]);
    expect((await photoRows()).map((p) => [p.name, p.key])).toEqual([["kept-in-backup.jpg", key]]);
    expect(new Uint8Array(await (await env.IMAGES.get(key))!.arrayBuffer())).toEqual(TINY_JPEG);
  });
});
