import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { db } from "~/platform/db.server";
import { getAppEnv } from "~/platform/env.server";
import { deliverMessage } from "~/messages/deliver.server";
import { MAILCHANNELS_URL } from "~/platform/env.server";
import { retryUndelivered } from "~/messages/retry.server";
import { getMessage, storeMessageWithinCap } from "~/messages/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp, makeArtwork } from "./helpers";
import { http, never, outbound } from "../support/outbound";
import { fakeMailChannels } from "../support/mailchannels";

const database = db(env);
const appEnv = { ...getAppEnv(env), MAILCHANNELS_API_KEY: "test-mail-key" };

/** Stores a message as a visitor's form does. */
const store = async (input: Parameters<typeof storeMessageWithinCap>[2]) =>
  (await storeMessageWithinCap(database, appEnv, input))!.message;

const enquiry = (overrides: Partial<Parameters<typeof storeMessageWithinCap>[2]> = {}) =>
  store({
    kind: "enquiry",
    artworkId: "m-post",
    artworkTitle: "Harbour Lights",
    name: "Ella Brown",
    email: "ella@example.com",
    address: "1 Park Lane, Leeds",
    message: "Is it still available?\nThank you.",
    ...overrides,
  });

beforeEach(async () => {
  await upsertArtworks(database, [makeArtwork({ id: "m-post", title: "Harbour Lights", price: null })]);
});

describe("the e-mail MailChannels receives", () => {
  it("an enquiry goes to both enquiry recipients with every field, the price and the artwork's address", async () => {
    const message = await enquiry();
    const mail = fakeMailChannels();
    expect(await deliverMessage({ env: appEnv, database }, message.id)).toBe("sent");

    expect(mail.calls).toHaveLength(1);
    const [call] = mail.calls;
    expect(call!.url).toBe("https://api.mailchannels.net/tx/v1/send");
    expect(call!.headers.get("X-Api-Key")).toBe("test-mail-key");
    expect(call!.headers.get("Content-Type")).toBe("application/json");
    const body = call!.body;
    expect(body.personalizations).toEqual([
      {
        to: [
          { email: "enquiries-one@example.com", name: "Amara Okoye" },
          { email: "enquiries-two@example.com", name: "Amara Okoye" },
        ],
      },
    ]);
    expect(body.from).toEqual({ name: "Website", email: "no-reply@example.com" });
    expect(body.reply_to).toEqual({ email: "ella@example.com", name: "Ella Brown" });
    expect(body.subject).toBe('Enquiry about "Harbour Lights" from Ella Brown');
    const [text, html] = body.content;
    expect(text.type).toBe("text/plain");
    expect(html.type).toBe("text/html");
    for (const expected of [
      "Hello Amara Okoye",
      "Artwork: Harbour Lights",
      "Price: Not specified",
      "From: Ella Brown",
      "E-mail: ella@example.com",
      "Address: 1 Park Lane, Leeds",
      "Is it still available?\nThank you.",
    ]) {
      expect(text.value).toContain(expected);
    }
    expect(html.value).toContain('<a href="https://art.example/post/m-post">Harbour Lights</a>');
    expect((await getMessage(database, message.id))!).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("shows the artwork's price as it reads on the site", async () => {
    await upsertArtworks(database, [makeArtwork({ id: "m-post", title: "Harbour Lights", price: "200-300" })]);
    const mail = fakeMailChannels();
    await deliverMessage({ env: appEnv, database }, (await enquiry()).id);
    expect(mail.calls[0]!.body.content[0].value).toContain("Price: £200–£300");
  });

  it("a contact message goes to the contact recipient", async () => {
    const message = await store({
      kind: "contact",
      name: "Sam",
      email: "sam@example.com",
      message: "Do you take commissions?",
    });
    const mail = fakeMailChannels();
    await deliverMessage({ env: appEnv, database }, message.id);
    const body = mail.calls[0]!.body;
    expect(body.personalizations).toEqual([{ to: [{ email: "contact@example.com", name: "Amara Okoye" }] }]);
    expect(body.reply_to).toEqual({ email: "sam@example.com", name: "Sam" });
    expect(body.subject).toBe("New message from Sam via the website");
    expect(body.content[0].value).toContain("Do you take commissions?");
  });

  it("escapes everything the visitor typed in the HTML part, and keeps a subject on one line", async () => {
    const payload = `<script>alert("x")</script>`;
    const message = await enquiry({ name: `Eve\r\nBcc: a@b.c ${payload}`, address: payload, message: payload });
    const mail = fakeMailChannels();
    await deliverMessage({ env: appEnv, database }, message.id);
    const { subject, content } = mail.calls[0]!.body;
    expect(subject).not.toMatch(/[\r\n]/);
    expect(content[1].value).not.toContain("<script>");
    expect(content[1].value).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });
});

describe("when MailChannels fails", () => {
  it.each([
    ["answers 500", () => new Response("upstream error", { status: 500 }), "MailChannels answered 500: upstream error"],
    ["answers 401", () => new Response("bad key", { status: 401 }), "MailChannels answered 401: bad key"],
  ])("%s: the message stays, marked failed with the error", async (_, answer, error) => {
    const message = await enquiry();
    const mail = fakeMailChannels(answer);
    expect(await deliverMessage({ env: appEnv, database }, message.id)).toBe("failed");
    expect(mail.calls).toHaveLength(1);
    expect(await getMessage(database, message.id)).toMatchObject({ status: "failed", attempts: 1, lastError: error });
  });

  it("times out: marked failed as timed out", async () => {
    const message = await enquiry();
    outbound.use(http.post(MAILCHANNELS_URL, ({ request }) => never(request)));
    expect(await deliverMessage({ env: { ...appEnv, MAIL_TIMEOUT_MS: 50 }, database }, message.id)).toBe("failed");
    const stored = await getMessage(database, message.id);
    expect(stored).toMatchObject({ status: "failed", attempts: 1 });
    expect(stored!.lastError).toMatch(/^Timed out/);
  });

  it("a retry then sends it exactly once, even when two retries race", async () => {
    const message = await enquiry();
    fakeMailChannels(() => new Response(null, { status: 500 }));
    await deliverMessage({ env: appEnv, database }, message.id);
    const mail = fakeMailChannels();
    const outcomes = await Promise.all([
      deliverMessage({ env: appEnv, database }, message.id),
      deliverMessage({ env: appEnv, database }, message.id),
    ]);
    expect(outcomes.sort()).toEqual([null, "sent"].sort());
    expect(mail.calls).toHaveLength(1);
    expect(await deliverMessage({ env: appEnv, database }, message.id)).toBeNull();
    expect(mail.calls).toHaveLength(1);
    expect(await getMessage(database, message.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });
});

describe("the scheduled retry", () => {
  beforeEach(async () => {
    await env.DB.prepare("delete from messages").run();
  });

  it("sends failed messages younger than a day once, and leaves old, capped and sent ones alone", async () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    fakeMailChannels(() => new Response(null, { status: 503 }));
    const fresh = await enquiry({ createdAt: "2026-11-21T11:00:00.000Z" });
    const old = await enquiry({ createdAt: "2026-11-19T11:00:00.000Z" });
    const capped = await enquiry({ createdAt: "2026-11-21T10:00:00.000Z", attempts: 5 });
    const lost = await enquiry({ createdAt: "2026-11-21T11:30:00.000Z" }); // stored, first attempt never ran
    const justStored = await enquiry({ createdAt: "2026-11-21T11:58:00.000Z" }); // its first attempt may be under way
    for (const { id } of [fresh, old, capped]) await deliverMessage({ env: appEnv, database, now }, id);

    const mail = fakeMailChannels();
    expect(await retryUndelivered({ env: appEnv, database, now })).toEqual({ tried: 2, sent: 2 });
    const sentTo = mail.calls.length;
    expect(sentTo).toBe(2);
    expect((await getMessage(database, fresh.id))!.status).toBe("sent");
    expect((await getMessage(database, lost.id))!.status).toBe("sent");
    expect((await getMessage(database, old.id))!.status).toBe("failed");
    expect((await getMessage(database, capped.id))!.status).toBe("failed");
    expect((await getMessage(database, justStored.id))!.status).toBe("pending");

    // A second run finds nothing more to send.
    expect(await retryUndelivered({ env: appEnv, database, now })).toEqual({ tried: 0, sent: 0 });
    expect(mail.calls).toHaveLength(2);
  });

  it("runs from the Worker's scheduled handler, through MailChannels", async () => {
    const lost = await enquiry({ createdAt: new Date(Date.now() - 10 * 60 * 1000).toISOString() });
    const mail = fakeMailChannels();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await getMessage(database, lost.id))!.status).toBe("sent");
    expect(mail.calls.map((call) => call.headers.get("X-Api-Key"))).toEqual(["test-mail-key"]);
  });
});

describe("from the visitor's submit to the Inbox", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it("a contact message is stored, answered at once, then sent through MailChannels after the response", async () => {
    const mail = fakeMailChannels();
    const response = await postForm("/contact", { name: "Nia", email: "nia@example.com", message: "Hello there" });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("select id from messages where email = 'nia@example.com'").first<{ id: string }>();
    expect(row).not.toBeNull();
    await vi.waitFor(async () => expect((await getMessage(database, row!.id))!.status).toBe("sent"));
    expect(mail.calls).toHaveLength(1);
    expect(mail.calls[0]!.body.reply_to).toEqual({ email: "nia@example.com", name: "Nia" });
    expect(mail.calls[0]!.body.personalizations).toEqual([
      { to: [{ email: "contact@example.com", name: "Amara Okoye" }] },
    ]);
  });

  it("the Inbox shows what was typed escaped, and Retry and Mark handled work", async () => {
    const message = await enquiry({ name: "<script>alert(1)</script>", message: "<img src=x onerror=alert(2)>" });
    fakeMailChannels(() => new Response(null, { status: 500 }));
    await deliverMessage({ env: appEnv, database }, message.id);

    const html = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("MailChannels answered 500");

    fakeMailChannels();
    const retry = await postForm("/inbox", { intent: "retry", id: message.id }, { Cookie: cookie });
    expect(retry.status).toBe(200);
    expect((await getMessage(database, message.id))!.status).toBe("sent");

    expect((await postForm("/inbox", { intent: "handled", id: message.id }, { Cookie: cookie })).status).toBe(200);
    expect((await getMessage(database, message.id))!.handledAt).not.toBeNull();
    expect((await postForm("/inbox", { intent: "unhandled", id: message.id }, { Cookie: cookie })).status).toBe(200);
    expect((await getMessage(database, message.id))!.handledAt).toBeNull();
  });

  it("Retry and Mark handled refuse without a session and change nothing", async () => {
    const message = await enquiry();
    for (const intent of ["retry", "handled"]) {
      const response = await postForm("/inbox", { intent, id: message.id });
      expect(response.status).toBe(401);
    }
    expect(await getMessage(database, message.id)).toMatchObject({ status: "pending", attempts: 0, handledAt: null });
  });
});

describe("Inbox triage", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });
  const inbox = async (show = "") =>
    (await fetchApp(`/inbox${show ? `?show=${show}` : ""}`, { headers: { Cookie: cookie } })).text();
  const names = (html: string, among: string[]) => among.filter((name) => html.includes(`<span>${name}</span>`));

  it("lists the new, handled and failed messages apart, counts each on its tab and on the dashboard, and deletes one or every handled one", async () => {
    await env.DB.prepare("delete from messages").run();
    const fresh = await enquiry({ name: "Nadia New" });
    const done = await enquiry({ name: "Harry Handled" });
    const failed = await enquiry({ name: "Fay Failed" });
    fakeMailChannels(() => new Response(null, { status: 500 }));
    await deliverMessage({ env: appEnv, database }, failed.id);
    expect((await postForm("/inbox", { intent: "handled", id: done.id }, { Cookie: cookie })).status).toBe(200);
    const everyone = ["Nadia New", "Harry Handled", "Fay Failed"];

    const all = await inbox();
    expect(names(all, everyone)).toEqual(everyone);
    for (const tab of ["All (3)", "New (2)", "Handled (1)", "Failed (1)"]) expect(all).toContain(`>${tab}</a>`);
    expect(all).not.toContain(">Held (");
    expect(names(await inbox("new"), everyone)).toEqual(["Nadia New", "Fay Failed"]);
    expect(names(await inbox("handled"), everyone)).toEqual(["Harry Handled"]);
    expect(names(await inbox("failed"), everyone)).toEqual(["Fay Failed"]);
    // A list that does not exist is the whole Inbox.
    expect(names(await inbox("nonsense"), everyone)).toEqual(everyone);
    const dashboard = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toMatch(/Inbox<!-- --> \(2 new\)/);

    // Delete one; a second delete finds nothing.
    expect((await postForm("/inbox", { intent: "delete", id: fresh.id }, { Cookie: cookie })).status).toBe(200);
    expect(await getMessage(database, fresh.id)).toBeUndefined();
    expect((await postForm("/inbox", { intent: "delete", id: fresh.id }, { Cookie: cookie })).status).toBe(404);
    // Delete every handled one: the others stay.
    expect((await postForm("/inbox", { intent: "delete-handled" }, { Cookie: cookie })).status).toBe(200);
    expect(await getMessage(database, done.id)).toBeUndefined();
    expect(await getMessage(database, failed.id)).toBeDefined();
    expect(await inbox("handled")).toContain("No handled messages.");
    const after = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(after).toMatch(/Inbox<!-- --> \(1 new\)/);
  });

  it("deletes nothing without a session", async () => {
    const message = await enquiry({ name: "Kept Safe" });
    await postForm("/inbox", { intent: "handled", id: message.id }, { Cookie: cookie });
    const bodies: Record<string, string>[] = [{ intent: "delete", id: message.id }, { intent: "delete-handled" }];
    for (const body of bodies) {
      expect((await postForm("/inbox", body)).status).toBe(401);
    }
    expect(await getMessage(database, message.id)).toBeDefined();
  });
});

describe("replies from the Inbox", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });
  const reply = (id: string, body: string, headers: Record<string, string> = { Cookie: cookie }) =>
    postForm("/inbox", { intent: "reply", id, body }, headers);
  const repliesOf = async (messageId: string) =>
    (
      await env.DB.prepare("select * from message_replies where message_id = ? order by created_at")
        .bind(messageId)
        .all<{ id: string; body: string; status: string; attempts: number; last_error: string | null }>()
    ).results;

  it("is stored before it is sent, goes from the site's address to the visitor with Reply-To the artist, quotes the enquiry, links the artwork and shows in the thread", async () => {
    const message = await enquiry({ message: "Is it still available?\n<b>Thank you.</b>" });
    // What D1 holds at the moment MailChannels is called: the reply, already stored.
    let storedWhenSent: unknown[] = [];
    const mail = fakeMailChannels(async () => {
      storedWhenSent = await repliesOf(message.id);
      return new Response(null, { status: 202 });
    });
    const response = await reply(message.id, "Yes, it is.\r\nBest wishes, Amara");
    expect(response.status).toBe(200);
    expect(storedWhenSent).toMatchObject([{ status: "sending", body: "Yes, it is.\nBest wishes, Amara" }]);

    expect(mail.calls).toHaveLength(1);
    const { body } = mail.calls[0]!;
    expect(body.personalizations).toEqual([{ to: [{ email: "ella@example.com", name: "Ella Brown" }] }]);
    expect(body.from).toEqual({ email: "no-reply@example.com", name: "Amara Okoye" });
    expect(body.reply_to).toEqual({ email: "contact@example.com", name: "Amara Okoye" });
    expect(body.subject).toBe('Re: Your enquiry about "Harbour Lights"');
    const [text, html] = body.content;
    expect(text.value).toMatch(
      /^Yes, it is\.\nBest wishes, Amara\n\nArtwork: Harbour Lights \(https:\/\/art\.example\/post\/m-post\)\n\nOn .+, Ella Brown wrote:\n> Is it still available\?\n> <b>Thank you\.<\/b>$/,
    );
    expect(html.value).toContain('<a href="https://art.example/post/m-post">Harbour Lights</a>');
    expect(html.value).toContain("&lt;b&gt;Thank you.&lt;/b&gt;</blockquote>");

    expect(await repliesOf(message.id)).toMatchObject([{ status: "sent", attempts: 1, last_error: null }]);
    // Answered is handled.
    expect((await getMessage(database, message.id))!.handledAt).not.toBeNull();
    const inbox = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    expect(inbox).toContain("Yes, it is.\nBest wishes, Amara</p>");
    expect(inbox).toMatch(/You replied <time[^>]*>[^<]+<\/time> <span class="badge badge--upcoming">Sent<\/span>/);
  });

  it("to a contact message: its own subject, and no artwork", async () => {
    const message = await store({ kind: "contact", name: "Nia", email: "nia@example.com", message: "Hello" });
    const mail = fakeMailChannels();
    expect((await reply(message.id, "Hello Nia")).status).toBe(200);
    const { body } = mail.calls[0]!;
    expect(body.subject).toBe("Re: Your message to Amara Okoye");
    expect(body.content[0].value).toMatch(/^Hello Nia\n\nOn .+, Nia wrote:\n> Hello$/);
  });

  it("a failed send is kept and shown, and sent exactly once by Retry or by the scheduled retry", async () => {
    // Only this test's e-mails wait for the scheduled retry.
    await env.DB.prepare("delete from messages").run();
    const message = await enquiry({ name: "Rita Retry" });
    fakeMailChannels(() => new Response("upstream error", { status: 500 }));
    const failed = await reply(message.id, "First answer");
    expect(failed.status).toBe(502);
    // Without JavaScript the page comes back saying so, beside this message's reply form.
    expect(await failed.text()).toContain("Your reply is saved, but sending failed; see the error beside it.");
    const [first] = await repliesOf(message.id);
    expect(first).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "MailChannels answered 500: upstream error",
    });
    const inbox = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    expect(inbox).toContain("1 attempt: MailChannels answered 500: upstream error");
    expect(inbox).toContain("Retry reply");

    // Retry from the Inbox.
    let mail = fakeMailChannels();
    expect((await postForm("/inbox", { intent: "retry-reply", id: first!.id }, { Cookie: cookie })).status).toBe(200);
    expect(mail.calls.map((call) => call.body.content[0].value.split("\n")[0])).toEqual(["First answer"]);
    expect((await postForm("/inbox", { intent: "retry-reply", id: first!.id }, { Cookie: cookie })).status).toBe(200);
    expect(mail.calls).toHaveLength(1);

    // The scheduled retry, as for messages.
    fakeMailChannels(() => new Response(null, { status: 503 }));
    expect((await reply(message.id, "Second answer")).status).toBe(502);
    mail = fakeMailChannels();
    const later = new Date(Date.now() + 60 * 1000);
    expect(await retryUndelivered({ env: appEnv, database, now: later })).toEqual({ tried: 1, sent: 1 });
    expect(await retryUndelivered({ env: appEnv, database, now: later })).toEqual({ tried: 0, sent: 0 });
    expect(mail.calls.map((call) => call.body.content[0].value.split("\n")[0])).toEqual(["Second answer"]);
    expect((await repliesOf(message.id)).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("a reply sent again under its submission id (its answer lost) is stored and e-mailed once", async () => {
    const message = await enquiry({ name: "Wes Weaksignal" });
    const mail = fakeMailChannels();
    const sendAs = (submission: string, body: string) =>
      postForm("/inbox", { intent: "reply", id: message.id, body, submission }, { Cookie: cookie });
    const submission = "Rsubmission000000001";
    expect((await sendAs(submission, "See you at the stall")).status).toBe(200);
    const again = await sendAs(submission, "See you at the stall");
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Reply sent.");
    expect((await repliesOf(message.id)).map((row) => [row.id, row.status])).toEqual([[submission, "sent"]]);
    expect(mail.calls).toHaveLength(1);

    // The inbox gives each message's form a new id for its next reply.
    const inbox = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    const ids = [...inbox.matchAll(/name="submission" value="([0-9A-Za-z]{20})"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(submission);
    expect(new Set(ids).size).toBe(ids.length);

    // Other words under the same id (the form written again after its first reply was stored) are not
    // taken for the first: refused, with the next id to send them under.
    const changed = await sendAs(submission, "And it is framed");
    expect(changed.status).toBe(409);
    const refused = await changed.text();
    expect(refused).toContain("Your earlier reply is saved (see it above); this one was not sent.");
    const next =
      /"submission","([0-9A-Za-z]{20})"/.exec(refused)?.[1] ??
      /name="submission" value="([0-9A-Za-z]{20})"/.exec(refused)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(submission);
    expect(mail.calls).toHaveLength(1);
    expect((await sendAs(next!, "And it is framed")).status).toBe(200);
    expect((await repliesOf(message.id)).map((row) => row.body)).toEqual(["See you at the stall", "And it is framed"]);

    // Its id sent for another message stores nothing there, and does not mark it handled.
    const other = await enquiry({ name: "Otto Other" });
    expect(
      (await postForm("/inbox", { intent: "reply", id: other.id, body: "x", submission }, { Cookie: cookie })).status,
    ).toBe(404);
    expect(await repliesOf(other.id)).toEqual([]);
    expect((await getMessage(database, other.id))!.handledAt).toBeNull();
  });

  it("a reply whose e-mail failed, sent again, is tried again, not stored twice", async () => {
    const message = await enquiry({ name: "Fay Failfirst" });
    fakeMailChannels(() => new Response("upstream error", { status: 500 }));
    const submission = "Rsubmission000000002";
    const sendAs = () =>
      postForm("/inbox", { intent: "reply", id: message.id, body: "Yes", submission }, { Cookie: cookie });
    expect((await sendAs()).status).toBe(502);
    const mail = fakeMailChannels();
    expect((await sendAs()).status).toBe(200);
    expect(mail.calls).toHaveLength(1);
    expect((await repliesOf(message.id)).map((row) => [row.id, row.status, row.attempts])).toEqual([
      [submission, "sent", 2],
    ]);
  });

  it("refuses a blank or too long reply keeping what was typed, one to a message gone or held, and one without a session", async () => {
    const message = await enquiry({ name: "Una Unanswered" });
    const mail = fakeMailChannels();
    const blank = await reply(message.id, "   ");
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write your reply.");
    const long = "x".repeat(5001);
    const tooLong = await reply(message.id, long);
    expect(tooLong.status).toBe(400);
    const page = await tooLong.text();
    expect(page).toContain("A reply can be at most 5000 characters.");
    expect(page).toContain(`>${long}</textarea>`);
    expect((await reply("no-such-message", "Hello")).status).toBe(404);
    const held = await storeMessageWithinCap(
      database,
      { ...appEnv, MESSAGES_PER_HOUR: 0 },
      {
        kind: "contact",
        name: "Flood",
        email: "flood@example.com",
        message: "Spam",
      },
    );
    expect(held!.held).toBe(true);
    expect((await reply(held!.message.id, "Hello")).status).toBe(404);
    expect((await reply(message.id, "Hello", {})).status).toBe(401);
    expect(await repliesOf(message.id)).toEqual([]);
    expect(await repliesOf(held!.message.id)).toEqual([]);
    expect((await getMessage(database, message.id))!.handledAt).toBeNull();
    expect(mail.calls).toHaveLength(0);
  });

  it("goes with its message when the message is deleted", async () => {
    const message = await enquiry();
    fakeMailChannels();
    expect((await reply(message.id, "Thanks")).status).toBe(200);
    expect(await repliesOf(message.id)).toHaveLength(1);
    expect((await postForm("/inbox", { intent: "delete", id: message.id }, { Cookie: cookie })).status).toBe(200);
    expect(await repliesOf(message.id)).toEqual([]);
  });
});
