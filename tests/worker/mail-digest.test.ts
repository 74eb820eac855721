// A flood of messages from rotating addresses: past MAIL_DIGEST_AFTER within the hour each further
// message is stored and answered as usual but held, and the Cron Trigger sends the held ones as one
// digest e-mail through MailChannels (faked at the HTTP boundary, key set) instead of one each.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import { upsertArtworks } from "~/artworks/queries.server";
import { MAX_ATTEMPTS } from "~/messages/outbox.server";
import { getMessage, type Message } from "~/messages/queries.server";
import { db } from "~/platform/db.server";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, makeArtwork } from "./helpers";
import { signIn } from "./admin-helpers";
import { freshClientIp } from "../support/addresses";
import { fakeMailChannels } from "../support/mailchannels";

const database = db(env);
const flood = { MAIL_DIGEST_AFTER: "2", MAILCHANNELS_API_KEY: "test-mail-key" } as unknown as Partial<Env>;

/** A visitor's whole request from an address of their own; resolves once its after-response work is done. */
async function send(path: string, fields: Record<string, string>, overrides: Partial<Env> = flood) {
  const { response, settled } = await fetchWithEnv(overrides, path, {
    method: "POST",
    headers: { "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  await settled();
}

const contact = (name: string, overrides?: Partial<Env>) =>
  send(
    "/contact",
    { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, message: `Hello from ${name}` },
    overrides,
  );

const enquire = (name: string) =>
  send("/post/digest-post", {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    address: `${name.length} Park Lane, Leeds`,
    message: `Is it still available? ${name}`,
  });

async function cron(overrides: Partial<Env> = flood) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

const byName = async (name: string): Promise<Message> => {
  const row = await env.DB.prepare("select id from messages where name = ?").bind(name).first<{ id: string }>();
  expect(row, `a message from ${name}`).not.toBeNull();
  return (await getMessage(database, row!.id))!;
};

beforeEach(async () => {
  await env.DB.prepare("delete from messages").run();
  await upsertArtworks(database, [makeArtwork({ id: "digest-post", title: "Harbour Lights" })]);
});

describe("e-mail during a flood", () => {
  it("the first MAIL_DIGEST_AFTER messages of the hour are e-mailed one by one; the rest wait and go as one digest", async () => {
    const mail = fakeMailChannels();
    for (const name of ["Ann One", "Ben Two", "Cat Three", "Dan Four", "Eve Five"]) await contact(name);

    // Every message is stored; only the first two have gone, each in its own e-mail.
    expect(mail.calls.map((call) => call.body.subject)).toEqual([
      "New message from Ann One via the website",
      "New message from Ben Two via the website",
    ]);
    for (const name of ["Ann One", "Ben Two"]) expect((await byName(name)).status).toBe("sent");
    for (const name of ["Cat Three", "Dan Four", "Eve Five"]) {
      expect(await byName(name)).toMatchObject({ status: "digest", attempts: 0 });
    }

    await cron();
    expect(mail.calls).toHaveLength(3);
    const digest = mail.calls[2]!;
    expect(digest.headers.get("X-Api-Key")).toBe("test-mail-key");
    expect(digest.body.personalizations).toEqual([{ to: [{ email: "contact@example.com", name: "Amara Okoye" }] }]);
    expect(digest.body.from).toEqual({ name: "Website", email: "no-reply@example.com" });
    expect(digest.body).not.toHaveProperty("reply_to");
    expect(digest.body.subject).toBe("3 messages from the website, in one digest");
    const [text, html] = digest.body.content;
    expect(text.value).toContain("3 messages reached the website during a busy spell");
    expect(text.value).toContain("https://art.example/inbox");
    // Oldest first, each with who sent it, their address and every word.
    const order = ["Cat Three", "Dan Four", "Eve Five"].map((name) => text.value.indexOf(`From: ${name}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text.value).toContain("1 of 3: Message through the website");
    expect(text.value).toContain("E-mail: dan.four@example.com");
    expect(text.value).toContain("Hello from Eve Five");
    expect(text.value).not.toContain("Ann One");
    expect(html.value).toContain('<a href="mailto:cat.three@example.com">cat.three@example.com</a>');

    for (const name of ["Cat Three", "Dan Four", "Eve Five"]) {
      expect(await byName(name)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    }
    // The next run finds nothing more to send.
    await cron();
    expect(mail.calls).toHaveLength(3);
  });

  it("enquiries and contact messages go in separate digests, each to the recipients of its kind", async () => {
    const mail = fakeMailChannels();
    for (const name of ["Fay Six", "Gus Seven"]) await contact(name);
    await enquire("Hal Eight");
    await contact("Ivy Nine");
    await enquire("Jo Ten");
    expect(mail.calls).toHaveLength(2);

    await cron();
    const digests = mail.calls.slice(2).map((call) => call.body);
    expect(digests.map((body) => body.subject)).toEqual([
      "2 enquiries from the website, in one digest",
      "1 message from the website, in one digest",
    ]);
    const [enquiries, messages] = digests;
    expect(enquiries!.personalizations[0]!.to.map((to) => to.email)).toEqual([
      "enquiries-one@example.com",
      "enquiries-two@example.com",
    ]);
    const text = enquiries!.content[0].value;
    for (const expected of [
      '1 of 2: Enquiry about "Harbour Lights"',
      "Artwork: Harbour Lights",
      "From: Hal Eight",
      "Address: 9 Park Lane, Leeds",
      "Is it still available? Jo Ten",
    ]) {
      expect(text).toContain(expected);
    }
    expect(enquiries!.content[1].value).toContain('<a href="https://art.example/post/digest-post">Harbour Lights</a>');
    expect(messages!.personalizations[0]!.to.map((to) => to.email)).toEqual(["contact@example.com"]);
    expect(messages!.content[0].value).toContain("From: Ivy Nine");
  });

  it("escapes what visitors typed in the digest's HTML", async () => {
    const mail = fakeMailChannels();
    for (const name of ["Kim One", "Lee Two"]) await contact(name);
    const payload = `<script>alert("x")</script>`;
    await send("/contact", { name: `Eve ${payload}`, email: "eve@example.com", message: payload });
    await cron();
    const html = mail.calls[2]!.body.content[1].value;
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("a digest MailChannels refuses stays held with the error and goes whole at the next run; no message is sent alone", async () => {
    const refusing = fakeMailChannels();
    for (const name of ["Max One", "Ned Two", "Oli Three", "Pam Four"]) await contact(name);
    expect(refusing.calls).toHaveLength(2);

    const failing = fakeMailChannels(() => new Response("upstream error", { status: 500 }));
    await cron();
    expect(failing.calls).toHaveLength(1);
    for (const name of ["Oli Three", "Pam Four"]) {
      expect(await byName(name)).toMatchObject({
        status: "digest",
        attempts: 1,
        lastError: "MailChannels answered 500: upstream error",
      });
    }

    const accepting = fakeMailChannels();
    await cron();
    expect(accepting.calls).toHaveLength(1);
    expect(accepting.calls[0]!.body.subject).toBe("2 messages from the website, in one digest");
    for (const name of ["Oli Three", "Pam Four"]) {
      expect(await byName(name)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    }
  });

  it(`after ${MAX_ATTEMPTS} refused digests the messages are marked failed, for the Inbox's Retry`, async () => {
    fakeMailChannels();
    for (const name of ["Quin One", "Rae Two", "Sid Three"]) await contact(name);
    const failing = fakeMailChannels(() => new Response(null, { status: 503 }));
    for (let run = 1; run <= MAX_ATTEMPTS; run++) await cron();
    expect(failing.calls).toHaveLength(MAX_ATTEMPTS);
    expect(await byName("Sid Three")).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    await cron();
    expect(failing.calls).toHaveLength(MAX_ATTEMPTS);
  });

  it("without a MailChannels key the digest is logged, as single messages are", async () => {
    const noKey = { MAIL_DIGEST_AFTER: "1", MAILCHANNELS_API_KEY: "" } as unknown as Partial<Env>;
    for (const name of ["Tia One", "Uma Two"]) await contact(name, noKey);
    expect((await byName("Tia One")).status).toBe("logged");
    expect((await byName("Uma Two")).status).toBe("digest");
    await cron(noKey);
    expect((await byName("Uma Two")).status).toBe("logged");
  });

  it("the Inbox shows a held message as waiting for the next digest", async () => {
    fakeMailChannels();
    for (const name of ["Viv One", "Wes Two", "Xan Three"]) await contact(name);
    const cookie = await signIn();
    const html = await (await fetchApp("/inbox", { headers: { Cookie: cookie } })).text();
    const row = html.slice(html.indexOf("Xan Three"));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("In the next digest");
  });
});
