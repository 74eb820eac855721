// A flood never turns a buyer away (shipped defaults: MESSAGES_PER_HOUR 60, HELD_PER_DAY 2,000): past
// the hour's cap, messages are held for the artist, the visitor is thanked as usual, and a held
// enquiry released from the Inbox goes out as one e-mail.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertArtworks } from "~/artworks/queries.server";
import { db } from "~/platform/db.server";
import { fakeMailChannels } from "../support/mailchannels";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork } from "./helpers";

const BUYER = {
  name: "Nadia Buyer",
  email: "nadia@example.com",
  address: "3 Mill Lane, Leeds",
  message: "I'd love to buy it.",
};

beforeAll(async () => {
  await env.DB.prepare("delete from messages").run();
  await upsertArtworks(db(env), [makeArtwork({ id: "flooded", title: "Kirkstall Abbey at Dusk" })]);
});

describe("a flood of messages", () => {
  it("300 messages from 300 addresses, then a real enquiry: the buyer is thanked, the artist finds it under Held, and releasing it sends one e-mail", async () => {
    const mail = fakeMailChannels();
    for (let i = 0; i < 300; i++) {
      const response = await postForm("/contact", { name: `Bot ${i}`, email: `bot${i}@example.com`, message: "Spam" });
      expect(response.status).toBe(200);
    }
    const enquiry = await postForm("/post/flooded?enquire=1", BUYER);
    expect(enquiry.status).toBe(200);
    expect(await enquiry.text()).toContain("Enquiry Sent!");

    const cookie = await signIn();
    const received = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    expect(received).not.toContain("Nadia Buyer");
    expect(received).toContain("Held (241)");
    const held = await (await fetchApp("/inbox?show=held", { headers: { Cookie: cookie } })).text();
    expect(held).toContain("Nadia Buyer");
    expect(mail.calls.filter((call) => call.body.reply_to?.email === BUYER.email)).toHaveLength(0);

    const { id } = (await env.DB.prepare("select id from messages where email = ?")
      .bind(BUYER.email)
      .first<{ id: string }>())!;
    const released = await postForm("/inbox", { intent: "release", id }, { Cookie: cookie });
    expect(released.status).toBe(200);
    const sent = mail.calls.filter((call) => call.body.reply_to?.email === BUYER.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.subject).toBe('Enquiry about "Kirkstall Abbey at Dusk" from Nadia Buyer');
    const row = await env.DB.prepare("select status from messages where id = ?").bind(id).first<{ status: string }>();
    expect(row!.status).toBe("sent");

    // Released once: a second Release finds nothing held and sends nothing.
    expect((await postForm("/inbox", { intent: "release", id }, { Cookie: cookie })).status).toBe(404);
    expect(mail.calls.filter((call) => call.body.reply_to?.email === BUYER.email)).toHaveLength(1);
  }, 120_000);

  it("Delete All Held in the Inbox clears the held messages and keeps every message that reached the artist", async () => {
    const cookie = await signIn();
    const before = await env.DB.prepare(
      "select sum(status = 'held') as held, sum(status <> 'held') as received from messages",
    ).first<{ held: number; received: number }>();
    expect(before!.held).toBeGreaterThan(0);
    expect((await postForm("/inbox", { intent: "delete-held" }, { Cookie: cookie })).status).toBe(200);
    const after = await env.DB.prepare(
      "select coalesce(sum(status = 'held'), 0) as held, coalesce(sum(status <> 'held'), 0) as received from messages",
    ).first<{ held: number; received: number }>();
    expect(after).toEqual({ held: 0, received: before!.received });
    expect(await (await fetchApp("/inbox?show=held", { headers: { Cookie: cookie } })).text()).toContain(
      "No held messages.",
    );
  });
});

describe("a flood of testimonials", () => {
  it("past the hour's 20 they are held apart from the queue; Release adds one to it, Delete All Held clears the rest", async () => {
    await env.DB.prepare("delete from testimonials").run();
    for (let i = 0; i < 23; i++) {
      const response = await postForm("/testimonials/add", { author: `Writer ${i}`, message: `Kind words ${i}` });
      expect(response.status).toBe(200);
    }
    const cookie = await signIn();
    const dashboard = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain("20 in all, 20 pending");
    expect(dashboard).toContain("Held (3)");
    const held = await (await fetchApp("/dashboard?testimonial-list=held", { headers: { Cookie: cookie } })).text();
    expect(held).toContain("Writer 22");
    expect(held).not.toContain("Writer 0<");

    const { id } = (await env.DB.prepare("select id from testimonials where author = 'Writer 22'").first<{
      id: string;
    }>())!;
    expect((await postForm("/dashboard", { intent: "release-testimonial", id }, { Cookie: cookie })).status).toBe(200);
    expect(await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text()).toContain(
      "21 in all, 21 pending",
    );
    expect((await postForm("/dashboard", { intent: "delete-held-testimonials" }, { Cookie: cookie })).status).toBe(200);
    const counts = await env.DB.prepare("select count(*) as n, sum(held) as held from testimonials").first<{
      n: number;
      held: number;
    }>();
    expect(counts).toEqual({ n: 21, held: 0 });
  });
});
