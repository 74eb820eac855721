// Reserving a work for a buyer while a price is agreed: the page, card and structured data say
// "Reserved" (not SOLD) and visitors can still enquire; it is refused when it cannot hold; it ends early,
// by a sale, or by itself after its last day (the scheduled sweep purges the pages).
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import { db } from "~/platform/db.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import type { ArtworkOption } from "~/artworks/options";
import { messages } from "~/messages/schema";
import { collectors, sales } from "~/sales/schema";
import { addDays, formatEventDate, todayIn } from "~/ui/dates";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork, pageText } from "./helpers";

const database = db(env);
let cookie: string;
const today = todayIn();
const nextWeek = addDays(today, 7);

const A4: ArtworkOption = { id: "rs-a4", label: "A4 print", size: "", pricePence: 4500, edition: 50, sold: 38 };
const A3: ArtworkOption = { id: "rs-a3", label: "A3 print", size: "", pricePence: 6500, edition: 25, sold: 24 };

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await database.delete(sales);
  await database.delete(collectors);
  await upsertArtworks(database, [
    makeArtwork({ id: "rs-original", title: "Staithes Harbour", price: "600", available: "yes", options: [] }),
    makeArtwork({ id: "rs-print", title: "Moor Print", price: null, available: "yes", options: [A4, A3] }),
  ]);
  await database
    .insert(messages)
    .values({
      id: "rs-enquiry",
      kind: "enquiry",
      artworkId: "rs-original",
      artworkTitle: "Staithes Harbour",
      name: "Ada Reserver",
      email: "ada.reserver@example.com",
      address: "1 Quay Street, Staithes",
      message: "Could you hold it until payday?",
      status: "sent",
    })
    .onConflictDoNothing();
});

const said = pageText;
const reserve = (fields: Record<string, string>) => {
  const body = { artwork: "rs-original", option: "", name: "Ada Reserver", until: nextWeek, enquiry: "", ...fields };
  return postForm(`/sales/reserve?artwork=${body.artwork}`, body, { Cookie: cookie });
};
const publicPage = async (path: string) => said(await fetchApp(path));
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    offers: { availability: string } | { availability: string; name: string }[];
  };

describe("an original reserved", () => {
  it("from its enquiry says Reserved on its page, card and structured data, and can still be enquired about", async () => {
    // Read before: the cached page and shop are purged by the reservation.
    expect(await publicPage("/post/rs-original")).toContain("Available for Purchase");
    await publicPage("/gallery");
    const form = await said(
      await fetchApp("/sales/reserve?artwork=rs-original&enquiry=rs-enquiry", { headers: { Cookie: cookie } }),
    );
    expect(form).toMatch(/name="name"[^>]*value="Ada Reserver"/);
    expect(form).toMatch(new RegExp(`name="until"[^>]*value="${nextWeek}"`));

    const answer = await reserve({ enquiry: "rs-enquiry" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/sales?reserved=rs-original");
    const page = await publicPage("/post/rs-original");
    expect(page).toContain(">RESERVED<");
    expect(page).toContain(`Reserved until ${formatEventDate(nextWeek)}`);
    expect(page).toContain("Enquire to be told if it becomes available.");
    expect(page).toContain("Make Enquiry");
    expect(page).not.toContain(">SOLD<");
    // Who it is held for stays the artist's.
    expect(page).not.toContain("Ada Reserver");
    expect(jsonLdOf(page).offers).toMatchObject({ availability: "https://schema.org/Reserved" });
    expect(await publicPage("/gallery")).toMatch(/RESERVED<\/span>[\s\S]*?Staithes Harbour/);

    const desk = await said(await fetchApp("/sales?reserved=rs-original", { headers: { Cookie: cookie } }));
    expect(desk).toContain("Reserved: Staithes Harbour, for Ada Reserver.");
    expect(desk).toContain(`For Ada Reserver until`);
  });

  it("is refused when held already, sold, or for a day gone; nothing is written", async () => {
    expect((await reserve({})).status).toBe(302);
    const before = (await getArtwork(database, "rs-original"))!;
    const again = await reserve({ name: "Someone Else" });
    expect(again.status).toBe(409);
    expect(await said(again)).toContain("It is held for someone already");
    const past = await reserve({ until: addDays(today, -1), name: "Late Comer" });
    expect(past.status).toBe(400);
    const pastText = await said(past);
    expect(pastText).toContain("That day has passed");
    expect(pastText).toMatch(/name="name"[^>]*value="Late Comer"/);
    expect(await getArtwork(database, "rs-original")).toEqual(before);

    await upsertArtworks(database, [makeArtwork({ id: "rs-original", title: "Staithes Harbour", available: "no" })]);
    expect((await reserve({})).status).toBe(409);
    expect((await postForm("/sales/reserve?artwork=rs-original", { artwork: "rs-original" })).status).toBe(401);
  });

  it("ends early from the Sales page, and a sale to its buyer ends it too", async () => {
    await reserve({ enquiry: "rs-enquiry" });
    const [held] = (await getArtwork(database, "rs-original"))!.reservations;
    const end = await postForm(
      "/sales",
      { intent: "end-reservation", artwork: "rs-original", reservation: held!.id },
      { Cookie: cookie },
    );
    expect(end.status).toBe(200);
    expect(await said(end)).toContain("Reservation ended: the work is available again.");
    expect(await publicPage("/post/rs-original")).toContain("Available for Purchase");
    expect((await getArtwork(database, "rs-original"))!.reservations).toEqual([]);

    await reserve({ enquiry: "rs-enquiry" });
    const sold = await postForm(
      "/sales/new?artwork=rs-original",
      {
        artwork: "rs-original",
        option: "",
        editionNumber: "",
        price: "600",
        soldOn: today,
        payment: "bank-transfer",
        shipping: "courier",
        name: "Ada Reserver",
        email: "ada.reserver@example.com",
        address: "",
        note: "",
        enquiry: "rs-enquiry",
      },
      { Cookie: cookie },
    );
    expect(sold.status).toBe(302);
    const after = (await getArtwork(database, "rs-original"))!;
    expect(after).toMatchObject({ available: "no", reservations: [] });
    const page = await publicPage("/post/rs-original");
    expect(page).toContain(">SOLD<");
    expect(page).not.toContain(">RESERVED<");
  });

  it("lapses by itself after its last day: the scheduled sweep takes it off and purges its page", async () => {
    await reserve({ until: today });
    expect(await publicPage("/post/rs-original")).toContain(">RESERVED<");
    // As if its last day has passed: yesterday's reservation, on a page cached while it stood.
    const artwork = (await getArtwork(database, "rs-original"))!;
    await env.DB.prepare("update posts set reservations = ? where id = 'rs-original'")
      .bind(JSON.stringify(artwork.reservations.map((held) => ({ ...held, until: addDays(today, -1) }))))
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await getArtwork(database, "rs-original"))!.reservations).toEqual([]);
    expect(await publicPage("/post/rs-original")).toContain("Available for Purchase");
  });
});

describe("a print of an option reserved", () => {
  it("holds one print: the others stay on sale, and the last one held says Reserved", async () => {
    expect((await reserve({ artwork: "rs-print", option: "rs-a4" })).status).toBe(302);
    expect((await reserve({ artwork: "rs-print", option: "rs-a3" })).status).toBe(302);
    const page = await publicPage("/post/rs-print");
    expect(page).toContain("12 of 50 left · 1 reserved");
    expect(page).toMatch(/A3 print<\/strong> · £65 · Reserved/);
    expect(page).not.toContain(">RESERVED<");
    const offers = jsonLdOf(page).offers as { availability: string; name: string }[];
    expect(offers.map((offer) => offer.availability)).toEqual([
      "https://schema.org/InStock",
      "https://schema.org/Reserved",
    ]);
    const again = await reserve({ artwork: "rs-print", option: "rs-a3", name: "Second" });
    expect(again.status).toBe(409);
    const none = await reserve({ artwork: "rs-print", option: "" });
    expect(none.status).toBe(400);
    expect(await said(none)).toContain("Please choose which option a print is held of.");
  });
});
