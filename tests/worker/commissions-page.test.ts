// The commissions page's words, as the artist edits them (/commissions/edit): saved in D1 and shown at once to
// every visitor through the cache, a refusal keeping everything typed, the rows' buttons working without
// JavaScript, and a backup carrying the page.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readManifest } from "~/backup/export.server";
import { MANIFEST_NAME } from "~/backup/layout";
import { readBackup, restoreBackup, type ArchiveReader } from "~/backup/restore.server";
import { DEMO_COMMISSIONS } from "~/commissions/content";
import { signIn } from "./admin-helpers";
import { fetchApp, pageText } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await env.DB.prepare("delete from commissions_page").run();
});

type Row = Record<string, string>;
type Page = { intro: string; pricesNote: string; leadTime: string; subjects: Row[]; prices: Row[]; steps: Row[] };

const HER_PAGE: Page = {
  intro: "Your dog, your house, your hill: painted in oil from your photos.",
  subjects: [
    { subjectTitle: "Dogs", subjectText: "Spaniels a speciality." },
    { subjectTitle: "Houses", subjectText: "Front doors and gardens." },
  ],
  prices: [
    { priceSize: "25 × 25 cm", priceFrom: "180" },
    { priceSize: "50 × 70 cm", priceFrom: "£1,250.50" },
  ],
  pricesNote: "",
  leadTime: "About six weeks.",
  steps: [
    { stepTitle: "Ask", stepText: "Send a photo." },
    { stepTitle: "Paint", stepText: "I paint it." },
  ],
};

/** The editor's form as a browser sends it: each row's fields repeated in row order. */
function form(page: Page, extra: Record<string, string> = {}): URLSearchParams {
  const body = new URLSearchParams({
    intro: page.intro,
    pricesNote: page.pricesNote,
    leadTime: page.leadTime,
    ...extra,
  });
  for (const row of [...page.subjects, ...page.prices, ...page.steps])
    for (const [name, value] of Object.entries(row)) body.append(name, value);
  return body;
}

const save = (body: URLSearchParams, headers: Record<string, string> = { Cookie: cookie }) =>
  fetchApp("/commissions/edit", {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "http://localhost", ...headers },
    body,
  });

const publicPage = async () => pageText(await fetchApp("/commissions"));

describe("the commissions page's editor", () => {
  it("shows the demo content until she saves her own, which every visitor then reads through the cache", async () => {
    const before = await fetchApp("/commissions");
    expect(await pageText(before)).toContain(DEMO_COMMISSIONS.intro.slice(0, 40));
    // Served again from the cache: a save must purge it.
    expect(await publicPage()).toContain("Pets");

    const saved = await save(form(HER_PAGE));
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("Saved. The commissions page shows your changes.");

    const html = await publicPage();
    expect(html).toContain("Your dog, your house, your hill");
    expect(html).not.toContain(DEMO_COMMISSIONS.intro.slice(0, 40));
    expect(html).toMatch(/<th scope="row">25 × 25 cm<\/th><td>£180<\/td>/);
    expect(html).toMatch(/<th scope="row">50 × 70 cm<\/th><td>£1,250.50<\/td>/);
    expect(html.indexOf("Dogs")).toBeLessThan(html.indexOf("Houses"));
    expect(html).toContain("About six weeks.");
    // No note under the guide when she gives none.
    expect(html).not.toContain('class="commissions__note"');

    // Her editor shows what she saved, prices in pounds as she would type them.
    const editor = await pageText(await fetchApp("/commissions/edit", { headers: { Cookie: cookie } }));
    expect(editor).toContain('value="1250.50"');
    expect(editor).toContain(">Spaniels a speciality.</textarea>");
  });

  it("leaves the price guide out when it has no sizes", async () => {
    expect((await save(form({ ...HER_PAGE, prices: [] }))).status).toBe(200);
    const html = await publicPage();
    expect(html).not.toContain("commissions__prices");
    expect(html).toContain("Spaniels a speciality.");
  });

  it("refuses a price that is not pounds, a blank heading and no steps, keeping everything typed", async () => {
    const typed: Page = {
      ...HER_PAGE,
      intro: "Kept as typed.",
      subjects: [HER_PAGE.subjects[0]!, { subjectTitle: "", subjectText: "A subject without its heading." }],
      prices: [{ priceSize: "A3", priceFrom: "lots" }],
      steps: [],
    };
    const refused = await save(form(typed));
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    // Each message on its field: the second subject's heading, the first price, the steps.
    expect(html).toMatch(
      /Subject 2<\/legend>.*?name="subjectTitle"[^>]*aria-invalid="true".*?Please give a heading\./s,
    );
    expect(html).toMatch(
      /Price 1<\/legend>.*?name="priceFrom"[^>]*aria-invalid="true"[^>]*value="lots".*?Please give a number of pounds, like 280\./s,
    );
    expect(html).toContain("Please give at least one step.");
    expect(html).toContain(">Kept as typed.</textarea>");
    expect(html).toContain(">A subject without its heading.</textarea>");
    // Nothing saved.
    expect(await publicPage()).toContain(DEMO_COMMISSIONS.intro.slice(0, 40));
  });

  it("without JavaScript, a row's Add, Move up and Remove send the form back drawn with the change, saving nothing", async () => {
    const added = await save(form(HER_PAGE, { rowChange: "prices:add" }));
    expect(added.status).toBe(200);
    const withRow = await pageText(added);
    expect(withRow.match(/name="priceSize"/g)).toHaveLength(3);
    expect(withRow).toContain('value="£1,250.50"');
    expect(withRow).not.toContain("Please give");

    const moved = await pageText(await save(form(HER_PAGE, { rowChange: "steps:up:1" })));
    expect(moved.indexOf(">I paint it.</textarea>")).toBeLessThan(moved.indexOf(">Send a photo.</textarea>"));
    expect(moved.indexOf('value="Paint"')).toBeLessThan(moved.indexOf('value="Ask"'));

    const removed = await pageText(await save(form(HER_PAGE, { rowChange: "subjects:remove:0" })));
    expect(removed).not.toContain('value="Dogs"');
    expect(removed).toContain('value="Houses"');
    expect(await publicPage()).toContain(DEMO_COMMISSIONS.intro.slice(0, 40));
  });

  it("without JavaScript, a list emptied by its Remove buttons stays empty when another list's button is pressed", async () => {
    const drawn = await pageText(await save(form({ ...HER_PAGE, prices: [] }, { rowChange: "subjects:add" })));
    expect(drawn.match(/name="subjectTitle"/g)).toHaveLength(3);
    expect(drawn).not.toContain('name="priceSize"');
    expect(drawn).toContain("No price guide: the page leaves it out.");
  });

  it("refuses a form made before the page was saved elsewhere, keeping what was typed", async () => {
    expect((await save(form(HER_PAGE))).status).toBe(200);
    // A second device's form, made from the demo content (no version), then one from a save since replaced.
    const stale = await save(form({ ...HER_PAGE, intro: "From the other phone." }));
    expect(stale.status).toBe(409);
    const html = await pageText(stale);
    expect(html).toContain("The commissions page was saved elsewhere while you were editing");
    expect(html).toContain(">From the other phone.</textarea>");
    expect(await publicPage()).toContain("Your dog, your house, your hill");
    // Made from the page as saved now: saved.
    const editor = await pageText(await fetchApp("/commissions/edit", { headers: { Cookie: cookie } }));
    const version = /name="version" value="([^"]+)"/.exec(editor)![1]!;
    expect((await save(form({ ...HER_PAGE, intro: "From the other phone." }, { version }))).status).toBe(200);
    expect(await publicPage()).toContain("From the other phone.");
  });

  it("refuses a visitor who is not signed in, and saves nothing", async () => {
    const refused = await save(form(HER_PAGE), {});
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await publicPage()).toContain(DEMO_COMMISSIONS.intro.slice(0, 40));
  });

  it("is carried by a backup, and a restore brings it back", async () => {
    expect((await save(form(HER_PAGE))).status).toBe(200);
    const manifest = await readManifest(env);
    expect(manifest.commissionsPage).toMatchObject([
      { id: 1, intro: HER_PAGE.intro, prices: [{ size: "25 × 25 cm", fromPence: 18_000 }, { fromPence: 125_050 }] },
    ]);
    const entries = new Map([[MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(manifest))]]);
    const archive: ArchiveReader = {
      sizeOf: (name) => entries.get(name)?.byteLength,
      read: async (name) => entries.get(name)!,
    };
    await env.DB.prepare("delete from commissions_page").run();
    await restoreBackup(env, archive, await readBackup(archive, "p.zip"), "p.zip");
    expect(await publicPage()).toContain("Your dog, your house, your hill");
  });
});
