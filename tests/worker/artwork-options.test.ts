// A print's options (sizes and editions) through the whole Worker: the forms that make them, the page,
// card and structured data that show them, the dashboard's "one more sold", the enquiry that names one,
// and the backup that carries them.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getAppEnv } from "~/platform/env.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import type { ArtworkOption } from "~/artworks/options";
import { OPTION_FIELDS } from "~/artworks/option-rows";
import { messages } from "~/messages/schema";
import { deliverMessage } from "~/messages/deliver.server";
import { storeMessageWithinCap } from "~/messages/queries.server";
import { composeReply } from "~/messages/reply-mail.server";
import { readManifest } from "~/backup/export.server";
import { manifestOfVersion, manifestSchema } from "~/backup/manifest";
import { artworkForm, jpeg, postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, ORIGIN } from "./helpers";
import { freshClientIp } from "../support/addresses";
import { fakeMailChannels } from "../support/mailchannels";

const database = db(env);
let cookie: string;

const A4: ArtworkOption = {
  id: "opt-a4",
  label: "A4 giclée print",
  size: "29.7 × 21 cm",
  pricePence: 4500,
  edition: 50,
  sold: 38,
};
const A3: ArtworkOption = {
  id: "opt-a3",
  label: "A3 giclée print",
  size: "42 × 29.7 cm",
  pricePence: 6550,
  edition: 25,
  sold: 24,
};

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await upsertArtworks(database, [
    makeArtwork({ id: "op-print", title: "Dales Print", price: null, options: [A4, A3], available: "yes" }),
    makeArtwork({ id: "op-original", title: "Harbour Original", price: "450" }),
  ]);
});

const fields = {
  intent: "save",
  title: "Moor Print",
  description: "A print of the moor.",
  medium: "Giclée print",
  size: "Two sizes",
  price: "",
  available: "yes",
};

/** The artwork form with option rows, as the browser sends them: each row field repeated, in row order. */
function withRows(values: Record<string, string>, rows: Record<string, string>[]): FormData {
  const form = artworkForm(values, ["artwork print"], [jpeg("moor.jpg")]);
  for (const row of rows) for (const [key, name] of Object.entries(OPTION_FIELDS)) form.append(name, row[key] ?? "");
  return form;
}

const page = async (path: string) => (await fetchApp(path, { headers: { Cookie: cookie } })).text();

function enquire(id: string, body: Record<string, string>): Promise<Response> {
  return fetchApp(`/post/${id}?enquire=1`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshClientIp(),
    },
    body: new URLSearchParams(body).toString(),
  });
}

const VISITOR = { name: "Grace Hopper", email: "grace@example.com", address: "1 Park Row, Leeds", message: "Hello" };

describe("making options", () => {
  it("creates a print with two options, in pence, each with an id, and shows them back on its edit form", async () => {
    const response = await postMultipart(
      "/createPost",
      withRows(fields, [
        { label: "A4 print", size: "29.7 × 21 cm", price: "£45", edition: "50", sold: "" },
        { label: "A2 print", size: "", price: "1,200.5", edition: "", sold: "3" },
        {},
      ]),
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    const row = await env.DB.prepare("select id from posts where title = 'Moor Print'").first<{ id: string }>();
    const artwork = (await getArtwork(database, row!.id))!;
    expect(artwork.options).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        label: "A4 print",
        size: "29.7 × 21 cm",
        pricePence: 4500,
        edition: 50,
        sold: 0,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        label: "A2 print",
        size: "",
        pricePence: 120050,
        edition: null,
        sold: 3,
      },
    ]);
    const form = await page(`/edit/${artwork.id}`);
    expect(form).toContain(`name="optionId" value="${artwork.options[0]!.id}"`);
    expect(form).toMatch(/name="optionPrice"[^>]*value="1200.50"/);
    expect(form).toMatch(/name="optionEdition"[^>]*value=""/);
  });

  it("keeps each option's id through an edit, and an edit that clears a row removes that option", async () => {
    const response = await postMultipart(
      "/edit/op-print",
      withRows({ ...fields, version: "" }, [
        { id: "opt-a3", label: "A3 giclée print", size: "42 × 29.7 cm", price: "70", edition: "25", sold: "24" },
        { id: "opt-a4" },
      ]),
      { Cookie: cookie },
    );
    expect(response.status).toBe(200);
    const artwork = (await getArtwork(database, "op-print"))!;
    expect(artwork.options).toEqual([{ ...A3, pricePence: 7000 }]);
  });

  it("refuses bad rows with a message on each field, keeping everything typed and saving nothing", async () => {
    const response = await postMultipart(
      "/edit/op-print",
      withRows({ ...fields, version: "" }, [
        { id: "opt-a4", label: "A4", price: "forty", edition: "10", sold: "12" },
        { label: "x".repeat(81), price: "45" },
        { label: "", size: "A5", price: "20" },
      ]),
      { Cookie: cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please give the price in pounds, for example 45 or 45.50.");
    expect(html).toContain("The edition cannot be smaller than the number sold (12).");
    expect(html).toContain("A label can be at most 80 characters.");
    expect(html).toContain("Please give the option a label, for example A3 giclée print.");
    // Each message is on its own field, tied to it: the price of the first row, not the second.
    expect(html).toMatch(/name="optionPrice"[^>]*aria-invalid="true"[^>]*value="forty"/);
    expect(html).toMatch(/name="optionPrice"[^>]*class="field__control"[^>]*value="45"/);
    expect(html).toContain('value="forty"');
    expect(html).toContain('value="A5"');
    expect((await getArtwork(database, "op-print"))!.options).toEqual([A4, A3]);
  });

  it("keeps two rows sent with one id as two options", async () => {
    const response = await postMultipart(
      "/edit/op-print",
      withRows({ ...fields, version: "" }, [
        { id: "opt-a4", label: "A4", price: "45" },
        { id: "opt-a4", label: "A4 again", price: "46" },
      ]),
      { Cookie: cookie },
    );
    expect(response.status).toBe(200);
    const ids = (await getArtwork(database, "op-print"))!.options.map((option) => option.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toBe("opt-a4");
  });

  it("refuses a thirteenth option", async () => {
    const rows = Array.from({ length: 13 }, (_, index) => ({ label: `Size ${index + 1}`, price: "10" }));
    const response = await postMultipart("/edit/op-print", withRows({ ...fields, version: "" }, rows), {
      Cookie: cookie,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("An artwork can have at most 12 options.");
    expect((await getArtwork(database, "op-print"))!.options).toHaveLength(2);
  });

  it("without JavaScript, Add and Move up send the form back drawn with the change, saving nothing", async () => {
    const rows = [
      { id: "opt-a4", label: "A4 typed", price: "45", edition: "50", sold: "38" },
      { id: "opt-a3", label: "A3 typed", price: "65", edition: "25", sold: "24" },
    ];
    const moved = await postMultipart(
      "/edit/op-print",
      withRows({ ...fields, version: "", rowChange: "options:up:1" }, rows),
      { Cookie: cookie },
    );
    expect(moved.status).toBe(200);
    const html = await moved.text();
    expect(html.indexOf('value="A3 typed"')).toBeGreaterThan(0);
    expect(html.indexOf('value="A3 typed"')).toBeLessThan(html.indexOf('value="A4 typed"'));
    // The rest of the form as typed, too.
    expect(html).toContain('value="Moor Print"');

    const added = await postMultipart(
      "/edit/op-print",
      withRows({ ...fields, version: "", rowChange: "options:add" }, rows),
      { Cookie: cookie },
    );
    expect((await added.text()).match(/name="optionLabel"/g)).toHaveLength(3);
    expect((await getArtwork(database, "op-print"))!.title).toBe("Dales Print");
  });
});

describe("showing options", () => {
  it("lists each option with its price and what is left, and one Offer per option", async () => {
    const html = await (await fetchApp("/post/op-print")).text();
    const text = html.replace(/<!-- -->/g, "");
    expect(text).toContain("<strong>A4 giclée print</strong> · 29.7 × 21 cm · £45 · 12 of 50 left");
    expect(text).toContain("<strong>A3 giclée print</strong> · 42 × 29.7 cm · £65.50 · 1 of 25 left");
    expect(text).toContain('href="/post/op-print?enquire=1&amp;option=opt-a3"');
    expect(text).toContain("from £45");
    expect(text).not.toContain(">SOLD<");
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      offers: { name: string; price: string; availability: string }[];
    };
    expect(ld.offers).toMatchObject([
      { name: "A4 giclée print · 29.7 × 21 cm", price: "45.00", availability: "https://schema.org/InStock" },
      { name: "A3 giclée print · 42 × 29.7 cm", price: "65.50", availability: "https://schema.org/InStock" },
    ]);
    const shop = await (await fetchApp("/gallery")).text();
    expect(shop).toMatch(/Dales Print<\/h2>[\s\S]*?artwork-card__price">from £45</);
  });

  it("is SOLD only once every option is sold out, counted one at a time from the dashboard", async () => {
    const sell = (option: string) =>
      postForm("/dashboard", { intent: "one-more-sold", id: "op-print", option }, { Cookie: cookie });
    expect((await sell("opt-a3")).status).toBe(200);
    let html = await (await fetchApp("/post/op-print")).text();
    expect(html).toContain("Sold out");
    expect(html).not.toContain(">SOLD<");
    expect(html).not.toContain("option=opt-a3");
    expect((await sell("opt-a3")).status).toBe(409);

    await upsertArtworks(database, [
      makeArtwork({
        id: "op-print",
        title: "Dales Print",
        options: [
          { ...A4, sold: 49 },
          { ...A3, sold: 25 },
        ],
      }),
    ]);
    expect((await sell("opt-a4")).status).toBe(200);
    expect((await getArtwork(database, "op-print"))!.available).toBe("no");
    html = await (await fetchApp("/post/op-print")).text();
    expect(html).toContain(">SOLD<");
    expect(html).toContain("https://schema.org/SoldOut");
    expect(html).not.toContain("https://schema.org/InStock");
    expect(await (await fetchApp("/gallery")).text()).toMatch(/Dales Print<\/h2>[\s\S]*?artwork-card__price">Sold</);
    // Mark sold is for an original; a print is sold by its options.
    const marked = await postForm("/dashboard", { intent: "mark-available", id: "op-print" }, { Cookie: cookie });
    expect(marked.status).toBe(409);
  });

  it("leaves an artwork without options as it was", async () => {
    const html = await (await fetchApp("/post/op-original")).text();
    expect(html).toContain("£450");
    expect(html).not.toContain("Sizes and editions");
    expect(html).not.toContain('name="option"');
  });
});

describe("an enquiry about an option", () => {
  it("asks which option, preselected from the page's link, and refuses one that is not the artwork's", async () => {
    const html = await (await fetchApp("/post/op-print?enquire=1&option=opt-a3")).text();
    expect(html).toMatch(/<select[^>]*name="option"/);
    expect(html).toMatch(/<option value="opt-a3" selected="">A3 giclée print · £65.50<\/option>/);
    const missing = await enquire("op-print", { ...VISITOR, option: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please choose which option you are asking about.");
    const foreign = await enquire("op-print", { ...VISITOR, option: "opt-other" });
    expect(foreign.status).toBe(400);
  });

  it("stores the option's name, and the e-mail, the Inbox and the reply name it with its price", async () => {
    const response = await enquire("op-print", { ...VISITOR, email: "option-buyer@example.com", option: "opt-a3" });
    expect(response.status).toBe(200);
    const [stored] = await database.select().from(messages).where(eq(messages.email, "option-buyer@example.com"));
    expect(stored!.artworkOption).toBe("A3 giclée print · 42 × 29.7 cm");

    // The e-mail the artist gets, as the delivery writes it from a stored enquiry.
    const mail = fakeMailChannels();
    const appEnv = { ...getAppEnv(env), MAILCHANNELS_API_KEY: "test-mail-key" };
    const { id: _, status: __, ...copy } = stored!;
    const again = (await storeMessageWithinCap(database, appEnv, copy))!.message;
    expect(await deliverMessage({ env: appEnv, database }, again.id)).toBe("sent");
    const text = mail.calls.at(-1)!.body.content[0].value;
    expect(text).toContain("Option: A3 giclée print · 42 × 29.7 cm");
    expect(text).toContain("Price: £65.50");

    expect(await page("/inbox")).toContain('<span class="inbox__option">A3 giclée print · 42 × 29.7 cm</span>');
    const reply = composeReply(
      {
        id: "r",
        messageId: stored!.id,
        body: "Yes, one left.",
        status: "pending",
        attempts: 0,
        lastError: null,
        lastAttemptAt: null,
        createdAt: stored!.createdAt,
      },
      stored!,
      appEnv,
    );
    expect(reply.content[0]!.value).toContain("Option: A3 giclée print · 42 × 29.7 cm");
  });
});

describe("the backup", () => {
  it("carries options, and restores an older backup's artworks with none", async () => {
    const manifest = await readManifest(env);
    expect(manifest.artworks.find((artwork) => artwork.id === "op-print")!.options).toEqual([A4, A3]);
    const older = {
      ...manifest,
      version: 2,
      artworks: manifest.artworks.map(({ options: _, ...artwork }) => artwork),
      messages: manifest.messages.map(({ artworkOption: _, ...message }) => message),
    };
    const read = manifestSchema.parse(manifestOfVersion(JSON.parse(JSON.stringify(older)), 2));
    expect(read.artworks.every((artwork) => artwork.options.length === 0)).toBe(true);
    const broken = {
      ...manifest,
      artworks: [{ ...manifest.artworks[0]!, options: [{ ...A4, pricePence: 45.5 }] }],
    };
    expect(manifestSchema.safeParse(broken).success).toBe(false);
  });
});
