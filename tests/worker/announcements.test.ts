// Announcing new work and events to the list: Send stores the recipients and queues them in parts; the
// queue consumer (server.ts's queue handler, run by workerd's real local queue or handed a batch here) e-mails
// each part in one MailChannels call, never twice to a person, each with only what they asked for.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { updateArtworkRow } from "~/artworks/queries.server";
import { updateEventRow } from "~/events/queries.server";
import { artworkFormValues } from "~/artworks/view";
import { events } from "~/events/schema";
import { announcementRecipients, announcements, subscribers, type Preferences } from "~/mailing-list/schema";
import { storeAnnouncement } from "~/mailing-list/announcement-queries.server";
import { deliverPart } from "~/mailing-list/deliver-announcement.server";
import { getAppEnv, MAILCHANNELS_URL } from "~/platform/env.server";
import { announcedArtwork, announcedEvent, type AnnouncementPart } from "~/mailing-list/announce.server";
import type { AnnouncementData } from "~/mailing-list/announcement-mail.server";
import { NOTHING_PICKED } from "~/mailing-list/form";
import { fakeMailChannels, type MailChannelsCall } from "../support/mailchannels";
import { http, never, outbound } from "../support/outbound";
import { fetchApp, makeArtwork, pageText } from "./helpers";
import { postForm, signIn } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";
import worker from "../../server";

const database = db(env);

type Listed = { email: string; status?: "pending" | "confirmed" | "left" } & Partial<Preferences>;

async function list(...people: Listed[]) {
  await database.insert(subscribers).values(
    people.map(({ email, status = "confirmed", newWork = true, categories = [], events: wantsEvents = true }) => ({
      id: `sub-${email.split("@")[0]}`,
      email,
      status,
      newWork,
      categories,
      events: wantsEvents,
      confirmationDue: false,
    })),
  );
}

/** Every personalization the fake received: who, with which headers and data. */
const received = (mail: { calls: MailChannelsCall[] }) =>
  mail.calls.flatMap((call) =>
    call.body.personalizations.map((each) => ({
      email: each.to[0]!.email,
      headers: each.headers ?? {},
      data: each.dynamic_template_data as AnnouncementData,
    })),
  );

const titles = (data: AnnouncementData) => [...data.artworks, ...data.events].map((item) => item.title);

beforeEach(async () => {
  await database.delete(announcementRecipients);
  await database.delete(announcements);
  await database.delete(subscribers);
  await database.delete(artworks);
  await database.delete(events);
  await database
    .insert(artworks)
    .values([
      makeArtwork({ id: "oil-new", title: "Harbour at Dusk", categories: ["oil"], category: "oil", price: "450" }),
      makeArtwork({ id: "wc-new", title: "Bluebells", categories: ["watercolor"], category: "watercolor" }),
      makeArtwork({ id: "draft-one", title: "Unfinished", draft: true }),
    ]);
  await database
    .insert(events)
    .values([
      { id: "open-studio", name: "Open Studio", description: "Come in.", date: "2099-05-01", location: "Leeds" },
    ]);
});

/** The Announce form as the browser posts it (ticked artworks and events repeat their field), signed in. */
function announce(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) body.append(name, each);
  return fetchApp("/announce", {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "http://localhost", Cookie: cookie, "CF-Connecting-IP": freshClientIp() },
    body,
  });
}

const screenText = async (cookie: string) => pageText(await fetchApp("/announce", { headers: { Cookie: cookie } }));

describe("Send", () => {
  it("queues the list and the consumer e-mails each confirmed subscriber once, only what they asked for", async () => {
    const mail = fakeMailChannels();
    await list(
      { email: "all@example.com" },
      { email: "oil-only@example.com", categories: ["oil"], events: false },
      { email: "events-only@example.com", newWork: false },
      { email: "acrylic-only@example.com", categories: ["acrylic"], events: false },
      { email: "waiting@example.com", status: "pending" },
      { email: "gone@example.com", status: "left" },
    );
    const cookie = await signIn();
    const response = await announce(cookie, {
      id: "AnnounceForm00000001",
      line: "Two new paintings & an open studio.",
      artworks: ["oil-new", "wc-new"],
      events: ["open-studio"],
      intent: "send",
    });
    expect(response.status).toBe(302);
    // Three are asked for something in it; the acrylic-only one is not, the pending and the left never.
    expect(response.headers.get("Location")).toBe("/announce?queued=3");

    await vi.waitFor(() => expect(received(mail)).toHaveLength(3), { timeout: 15_000, interval: 100 });
    const byEmail = new Map(received(mail).map((each) => [each.email, each]));
    expect([...byEmail.keys()].sort()).toEqual(["all@example.com", "events-only@example.com", "oil-only@example.com"]);
    expect(titles(byEmail.get("all@example.com")!.data)).toEqual(["Harbour at Dusk", "Bluebells", "Open Studio"]);
    expect(titles(byEmail.get("oil-only@example.com")!.data)).toEqual(["Harbour at Dusk"]);
    expect(titles(byEmail.get("events-only@example.com")!.data)).toEqual(["Open Studio"]);
    for (const each of byEmail.values()) {
      expect(each.data.line).toBe("Two new paintings & an open studio.");
      expect(each.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/art\.example\/mailing-list\/leave\?token=.+>$/);
      expect(each.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(each.data.preferences).toMatch(/^https:\/\/art\.example\/mailing-list\/preferences\?token=/);
    }
    // The artist's line travels as data: the template itself is the site's.
    expect(mail.calls[0]!.body.content[1].value).not.toContain("open studio");
    await vi.waitFor(async () => {
      expect(await screenText(cookie)).toContain("3 of 3 sent");
    });
  });

  it("stores one announcement when Send is pressed twice, and never offers a draft", async () => {
    fakeMailChannels();
    await list({ email: "all@example.com" });
    const cookie = await signIn();
    const screen = await screenText(cookie);
    expect(screen).toContain("Harbour at Dusk");
    expect(screen).not.toContain("Unfinished");
    const form = { id: "AnnounceForm00000002", line: "New!", artworks: ["oil-new"], intent: "send" };
    const [first, second] = await Promise.all([announce(cookie, form), announce(cookie, form)]);
    expect([first.headers.get("Location"), second.headers.get("Location")].sort()).toEqual([
      "/announce?queued=1",
      "/announce?queued=already",
    ]);
    expect(await database.$count(announcements)).toBe(1);
    // A draft's id, sent by hand, announces nothing.
    const refused = await announce(cookie, { id: "AnnounceForm00000003", line: "x", artworks: ["draft-one"] });
    expect(refused.status).toBe(400);
    expect(await database.$count(announcements)).toBe(1);
    const empty = await announce(cookie, { id: "AnnounceForm00000004", line: "x" });
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain(NOTHING_PICKED);
  });

  it("says how many confirmed subscribers Send may reach, and waits for the first", async () => {
    const cookie = await signIn();
    expect(await screenText(cookie)).toContain("No one has confirmed a subscription yet: Send waits for the first.");
    await list(
      { email: "one@example.com" },
      { email: "two@example.com" },
      { email: "waiting@example.com", status: "pending" },
      { email: "gone@example.com", status: "left" },
    );
    expect(await screenText(cookie)).toContain("Send goes to those of your 2 confirmed subscribers who asked");
  });
});

describe("Preview and the test", () => {
  it("previews what is ticked with the line typed, and sends a test to the artist alone, keeping the form", async () => {
    const mail = fakeMailChannels();
    await list({ email: "all@example.com" });
    const cookie = await signIn();
    const query = new URLSearchParams({ id: "AnnounceForm00000005", line: "Tea & cake <at> the studio" });
    query.append("events", "open-studio");
    const previewed = await fetchApp(`/announce?${query}`, { headers: { Cookie: cookie } });
    const html = await previewed.text();
    // The preview is the e-mail's HTML in a frame's srcdoc: escaped once by mustache, once as an attribute.
    expect(html).toContain("Tea &amp;amp; cake &amp;lt;at&amp;gt; the studio");
    expect(html).toContain("Open Studio");
    expect(html).toMatch(/srcdoc="[^"]*Open Studio/i);
    expect(html).not.toMatch(/srcdoc="[^"]*Harbour at Dusk/i);
    // Sandboxed: the e-mail's HTML submits nothing, opens nothing and, of no origin, cannot reach the page around it.
    const frame = html.match(/<iframe[^>]*>/)?.[0];
    expect(frame).toMatch(/\ssandbox="[^"]*"/);
    expect(frame).not.toMatch(/allow-same-origin|allow-forms|allow-top-navigation|allow-popups/);

    const tested = await announce(cookie, {
      id: "AnnounceForm00000005",
      line: "Tea & cake",
      events: ["open-studio"],
      intent: "test",
    });
    expect(tested.status).toBe(302);
    const back = new URL(tested.headers.get("Location")!, "http://localhost");
    expect(back.searchParams.get("line")).toBe("Tea & cake");
    expect(back.searchParams.getAll("events")).toEqual(["open-studio"]);
    expect(await pageText(await fetchApp(back.pathname + back.search, { headers: { Cookie: cookie } }))).toContain(
      "A test went to contact@example.com.",
    );
    expect(received(mail).map((each) => each.email)).toEqual(["contact@example.com"]);
    expect(received(mail)[0]!.data.line).toBe("Tea & cake");
    // Nothing was stored or queued for the list.
    expect(await database.$count(announcements)).toBe(0);
  });
});

describe("what the screen ticks", () => {
  it("ticks a work first shown since the last announcement, though made before it as a draft", async () => {
    await database.insert(announcements).values({
      id: "Announcement00000009",
      line: "Last time",
      artworks: [],
      events: [],
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const twoMonthsAgo = new Date(Date.now() - 60 * 86_400_000).toISOString();
    await database
      .update(artworks)
      .set({ createdAt: twoMonthsAgo, publishedAt: twoMonthsAgo })
      .where(eq(artworks.id, "wc-new"));
    await database.insert(artworks).values(makeArtwork({ id: "old-draft", draft: true, createdAt: twoMonthsAgo }));
    // Published today, through the edit form's save.
    const [draft] = await database.select().from(artworks).where(eq(artworks.id, "old-draft"));
    const saved = await updateArtworkRow(
      database,
      draft!,
      { ...artworkFormValues(draft!), draft: false },
      { imageUrls: draft!.imageUrls, imageCopies: draft!.imageCopies, events: [] },
    );
    expect(saved).toBe("saved");
    // An event likewise.
    await database.insert(events).values({
      id: "old-draft-event",
      name: "Winter Fair",
      description: "Stalls.",
      date: "2099-12-01",
      draft: true,
      createdAt: twoMonthsAgo,
    });
    const fair = { name: "Winter Fair", description: "Stalls.", date: "2099-12-01", location: null, draft: false };
    expect(await updateEventRow(database, { id: "old-draft-event", image: null }, fair)).toBe("saved");
    const html = await (await fetchApp("/announce", { headers: { Cookie: await signIn() } })).text();
    expect(html).toMatch(/name="artworks" checked="" value="old-draft"/);
    expect(html).toMatch(/name="events" checked="" value="old-draft-event"/);
    // Shown two months ago and never announced: offered, not ticked.
    expect(html).toMatch(/name="artworks" value="wc-new"/);
  });
});

/** An announcement stored with its recipients but not queued: the test hands the consumer its parts itself. */
async function stored(id: string) {
  const [oil] = await database.select().from(artworks).where(eq(artworks.id, "oil-new"));
  const [studio] = await database.select().from(events).where(eq(events.id, "open-studio"));
  const recipients = await storeAnnouncement(database, {
    id,
    line: "Hello",
    artworks: [announcedArtwork(oil!)],
    events: [announcedEvent(studio!)],
  });
  return recipients!;
}

async function deliver(parts: AnnouncementPart[], attempts = 1) {
  const batch = createMessageBatch<AnnouncementPart>(
    "artist-portfolio-announcements",
    parts.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts, body })),
  );
  // The delay each retry asked for (the queue's result lists retries without it).
  const delays = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await worker.queue(batch as never, env);
  const result = await getQueueResult(batch, ctx);
  return { ...result, delays: delays.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds)) };
}

const statuses = async (announcementId: string) =>
  Object.fromEntries(
    (
      await database
        .select({ subscriberId: announcementRecipients.subscriberId, status: announcementRecipients.status })
        .from(announcementRecipients)
        .where(eq(announcementRecipients.announcementId, announcementId))
    ).map((row) => [row.subscriberId, row.status]),
  );

describe("the queue consumer", () => {
  it("e-mails nobody twice when a part is delivered again, at once or later", async () => {
    const mail = fakeMailChannels();
    await list({ email: "a@example.com" }, { email: "b@example.com" }, { email: "c@example.com" });
    expect(await stored("Announcement00000001")).toBe(3);
    const part = { announcementId: "Announcement00000001", from: 1, to: 3 };
    // The same part twice in one batch (run side by side), then again.
    await deliver([part, part]);
    await deliver([part]);
    expect(
      received(mail)
        .map((each) => each.email)
        .sort(),
    ).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(Object.values(await statuses("Announcement00000001"))).toEqual(["sent", "sent", "sent"]);
  });

  it("retries a failed call with backoff, and skips one who left before the retry", async () => {
    let fail = true;
    const mail = fakeMailChannels(() => new Response("busy", { status: fail ? 503 : 202 }));
    await list({ email: "a@example.com" }, { email: "b@example.com" });
    await stored("Announcement00000002");
    const part = { announcementId: "Announcement00000002", from: 1, to: 2 };
    const first = await deliver([part]);
    expect(first.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(first.delays).toEqual([60]);
    expect(Object.values(await statuses("Announcement00000002"))).toEqual(["failed", "failed"]);
    const [row] = await database.select().from(announcementRecipients).limit(1);
    expect(row!.error).toContain("MailChannels answered 503");
    // To the artist they are still to send, not failed: they will be tried again.
    expect(await screenText(await signIn())).toContain("0 of 2 sent</strong> · 2 still to send");

    // One leaves through their one-click link before the retry; the next try goes to the other alone.
    await database.update(subscribers).set({ status: "left" }).where(eq(subscribers.email, "b@example.com"));
    fail = false;
    const second = await deliver([part], 2);
    expect(second.retryMessages).toEqual([]);
    expect(second.explicitAcks).toEqual(["m0"]);
    expect(await statuses("Announcement00000002")).toEqual({ "sub-a": "sent", "sub-b": "skipped" });
    // The refused call held both; the accepted one a@ alone.
    expect(mail.calls).toHaveLength(2);
    expect(mail.calls.at(-1)!.body.personalizations.map((each) => each.to[0]!.email)).toEqual(["a@example.com"]);
  });

  it("never tries again a call that timed out: MailChannels may have taken it", async () => {
    // MailChannels never answers: the call times out (it may have arrived all the same).
    outbound.use(http.post(MAILCHANNELS_URL, ({ request }) => never(request)));
    await list({ email: "a@example.com" });
    await stored("Announcement00000006");
    const impatient = { ...getAppEnv(env), MAIL_TIMEOUT_MS: 50 };
    const outcome = await deliverPart(impatient, database, { announcementId: "Announcement00000006", from: 1, to: 1 });
    expect(outcome.retry).toBe(false);
    const [row] = await database.select().from(announcementRecipients);
    expect(row).toMatchObject({ status: "failed", attempts: 5 });
    expect(row!.error).toMatch(/^Timed out: .*\(it may have arrived: not sent again\)$/);
  });

  it("honours preferences as they are when the part is sent", async () => {
    const mail = fakeMailChannels();
    await list({ email: "a@example.com" }, { email: "b@example.com" });
    await stored("Announcement00000003");
    // After Send, b@ asks for watercolours only, and events no more: nothing in it is theirs now.
    await database
      .update(subscribers)
      .set({ categories: ["watercolor"], events: false })
      .where(eq(subscribers.email, "b@example.com"));
    await deliver([{ announcementId: "Announcement00000003", from: 1, to: 2 }]);
    expect(received(mail).map((each) => each.email)).toEqual(["a@example.com"]);
    expect(await statuses("Announcement00000003")).toEqual({ "sub-a": "sent", "sub-b": "skipped" });
  });
});

describe("deleting an address on request", () => {
  it("forgets its place in every announcement, and its part goes to the others", async () => {
    const mail = fakeMailChannels();
    await list({ email: "a@example.com" }, { email: "b@example.com" });
    await stored("Announcement00000005");
    const cookie = await signIn();
    const deleted = await postForm("/subscribers", { intent: "delete", id: "sub-b" }, { Cookie: cookie });
    expect(deleted.status).toBe(200);
    expect(await statuses("Announcement00000005")).toEqual({ "sub-a": "queued" });
    await deliver([{ announcementId: "Announcement00000005", from: 1, to: 2 }]);
    expect(received(mail).map((each) => each.email)).toEqual(["a@example.com"]);
  });
});

describe("the Cron Trigger", () => {
  it("queues again the recipients whose queue message was lost, and never resends one cut off mid-send", async () => {
    const mail = fakeMailChannels();
    await list({ email: "a@example.com" }, { email: "b@example.com" });
    await stored("Announcement00000004");
    // Stored an hour ago and never queued (the queue failed at Send); b@ was claimed and cut off mid-send.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await database.update(announcementRecipients).set({ updatedAt: anHourAgo });
    await database
      .update(announcementRecipients)
      .set({ status: "sending", claim: "lost", attempts: 1 })
      .where(eq(announcementRecipients.subscriberId, "sub-b"));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await vi.waitFor(() => expect(received(mail).map((each) => each.email)).toEqual(["a@example.com"]), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () =>
      expect(await statuses("Announcement00000004")).toEqual({ "sub-a": "sent", "sub-b": "failed" }),
    );
    const [cut] = await database
      .select()
      .from(announcementRecipients)
      .where(eq(announcementRecipients.subscriberId, "sub-b"));
    expect(cut!.error).toMatch(/not sent again/);
  });
});
