// The mailing list through the whole Worker: a visitor subscribes from any form, confirms from the e-mailed
// link by pressing Confirm (opening the link changes nothing), changes what they hear about or leaves in one
// click (RFC 8058); nobody can flood a stranger's inbox through the form.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { subscribers } from "~/mailing-list/schema";
import { confirmToken } from "~/mailing-list/links.server";
import { CONSENT_WORDING } from "~/mailing-list/manage.server";
import { CHECK_YOUR_INBOX } from "~/mailing-list/MailingListPage";
import { NOTHING_CHOSEN } from "~/mailing-list/form";
import { fakeMailChannels } from "../support/mailchannels";
import { fetchApp, ORIGIN, pageText } from "./helpers";
import worker from "../../server";
import { postForm, signIn } from "./admin-helpers";

const database = db(env);
const SECRETS = ["test-session-secret-0123456789abcdef"];

const post = (path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) body.append(name, each);
  return fetchApp(path, { method: "POST", headers: { Origin: ORIGIN }, body });
};
const subscribe = (email: string, fields: Record<string, string | string[]> = {}) =>
  post("/mailing-list", { email, newWork: "on", events: "on", source: "footer", ...fields });
const rowOf = async (email: string) =>
  (await database.select().from(subscribers).where(eq(subscribers.email, email)))[0];

/** The confirmation e-mails the fake received, to `email`, once they have all gone out. */
async function confirmationsTo(mail: ReturnType<typeof fakeMailChannels>, email: string, count = 1) {
  await vi.waitFor(() =>
    expect(mail.calls.filter((call) => call.body.personalizations[0]!.to[0]!.email === email)).toHaveLength(count),
  );
  return mail.calls.filter((call) => call.body.personalizations[0]!.to[0]!.email === email);
}

/** The site-relative link in an e-mail's text that starts with `path`. */
function linkIn(call: { body: { content: [{ value: string }, unknown] } }, path: string): string {
  const match = new RegExp(`https://art\\.example(${path.replace("/", "\\/")}\\?token=[^\\s]+)`).exec(
    call.body.content[0].value,
  );
  expect(match, `a ${path} link in the e-mail`).not.toBeNull();
  return match![1]!;
}

beforeEach(async () => {
  await database.delete(subscribers);
});

describe("subscribing and confirming", () => {
  it("keeps a new address pending, e-mails a confirm link with the unsubscribe headers, and confirms only by the button", async () => {
    const mail = fakeMailChannels();
    const response = await subscribe("Ada@Example.com", { categories: ["oil", "watercolor"] });
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain(CHECK_YOUR_INBOX);
    expect(await rowOf("ada@example.com")).toMatchObject({
      status: "pending",
      newWork: true,
      events: true,
      categories: ["oil", "watercolor"],
      source: "footer",
      consent: null,
    });

    const [sent] = await confirmationsTo(mail, "ada@example.com");
    expect(sent!.body.subject).toBe("Please confirm your subscription to Amara Okoye Art");
    const preferences = linkIn(sent!, "/mailing-list/preferences");
    expect(sent!.body.headers).toEqual({
      "List-Unsubscribe": `<https://art.example${preferences.replace("/preferences", "/leave")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent!.body.content[1].value).toContain(">Preferences or leave</a>");

    // A mail scanner opening the link confirms nothing.
    const confirm = linkIn(sent!, "/mailing-list/confirm");
    const page = await pageText(await fetchApp(confirm));
    expect(page).toContain(CONSENT_WORDING);
    expect(page).toContain(">Confirm</button>");
    expect((await rowOf("ada@example.com"))!.status).toBe("pending");

    const confirmed = await post(confirm, {});
    expect(await pageText(confirmed)).toContain("You are subscribed");
    const row = await rowOf("ada@example.com");
    expect(row!.status).toBe("confirmed");
    expect(row!.consent).toMatchObject({
      wording: CONSENT_WORDING,
      preferences: { newWork: true, categories: ["oil", "watercolor"], events: true },
    });
    // Pressed twice: still confirmed, the consent as first given.
    expect(await pageText(await post(confirm, {}))).toContain("You are subscribed");
    expect((await rowOf("ada@example.com"))!.consent).toEqual(row!.consent);
  });

  it("refuses a forged or expired confirm link, and one sent before the address left and came back", async () => {
    const mail = fakeMailChannels();
    await subscribe("bo@example.com");
    const [first] = await confirmationsTo(mail, "bo@example.com");
    const confirm = linkIn(first!, "/mailing-list/confirm");
    const row = (await rowOf("bo@example.com"))!;

    const forged = confirm.replace(/token=(.)/, (_, c: string) => `token=${c === "Y" ? "Z" : "Y"}`);
    expect(await pageText(await fetchApp(forged))).toContain("This link has expired or is not one we sent");
    expect((await post(forged, {})).status).toBe(200);
    const expired = await confirmToken(SECRETS, row.id, row.requestedAt, Date.now() - 8 * 24 * 60 * 60 * 1000);
    expect(await pageText(await post(`/mailing-list/confirm?token=${expired}`, {}))).toContain(
      "This link has expired or is not one we sent",
    );
    expect((await rowOf("bo@example.com"))!.status).toBe("pending");

    // Left, then asked for again: only the new request's link confirms.
    await post(linkIn(first!, "/mailing-list/preferences"), { intent: "leave" });
    await database.update(subscribers).set({ confirmationSentAt: null });
    await subscribe("bo@example.com");
    await confirmationsTo(mail, "bo@example.com", 2);
    expect(await pageText(await post(confirm, {}))).toContain("This link has expired or is not one we sent");
    expect((await rowOf("bo@example.com"))!.status).toBe("pending");
  });

  it("says the same to everyone and changes nothing for an address already confirmed", async () => {
    const mail = fakeMailChannels();
    await database.insert(subscribers).values({
      id: "sub-confirmed",
      email: "cy@example.com",
      status: "confirmed",
      events: false,
      confirmationDue: false,
    });
    const response = await subscribe("cy@example.com", { events: "on" });
    expect(await pageText(response)).toContain(CHECK_YOUR_INBOX);
    expect(await rowOf("cy@example.com")).toMatchObject({ status: "confirmed", events: false });
    await subscribe("someone-else@example.com");
    await confirmationsTo(mail, "someone-else@example.com");
    expect(mail.calls.map((call) => call.body.personalizations[0]!.to[0]!.email)).toEqual(["someone-else@example.com"]);
  });

  it("refuses a form that asks for nothing, keeping the address; a filled honeypot stores nothing", async () => {
    const refused = await post("/mailing-list", { email: "dee@example.com", source: "footer" });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain(NOTHING_CHOSEN);
    expect(html).toMatch(/name="email"[^>]*value="dee@example.com"/);

    const trapped = await subscribe("bot@example.com", { website: "https://spam.example" });
    expect(trapped.status).toBe(200);
    expect(await rowOf("bot@example.com")).toBeUndefined();
  });
});

describe("leaving and preferences", () => {
  it("leaves in one click by the RFC 8058 POST, and a left address is not mailed by subscribing for it", async () => {
    const mail = fakeMailChannels();
    await subscribe("eve@example.com");
    const [sent] = await confirmationsTo(mail, "eve@example.com");
    await post(linkIn(sent!, "/mailing-list/confirm"), {});
    const unsubscribe = sent!.body.headers!["List-Unsubscribe"]!.slice(1, -1).replace("https://art.example", "");

    // What a mail app sends: the List-Unsubscribe address, POSTed with the one-click body, no Origin.
    const oneClick = (path: string) =>
      fetchApp(path, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    const left = await oneClick(unsubscribe);
    expect(left.status).toBe(200);
    expect(await left.text()).toBe("You have left the mailing list.");
    expect(await rowOf("eve@example.com")).toMatchObject({ status: "left" });
    expect((await oneClick(unsubscribe.replace(/token=./, "token=x"))).status).toBe(400);

    // Opened in a browser, the address shows the preferences page, which says the address has left.
    const opened = await fetchApp(unsubscribe, { redirect: "manual" });
    expect(opened.headers.get("Location")).toBe(unsubscribe.replace("/leave", "/preferences"));
    expect(await pageText(await fetchApp(unsubscribe.replace("/leave", "/preferences")))).toContain(
      "This address is not on the mailing list any more",
    );

    // Subscribing it again (anyone can type it) sends a confirmation, and mails nothing else until confirmed.
    await database.update(subscribers).set({ confirmationSentAt: null });
    await subscribe("eve@example.com");
    const [again] = (await confirmationsTo(mail, "eve@example.com", 2)).slice(1);
    expect(again!.body.subject).toBe("Please confirm your subscription to Amara Okoye Art");
    expect((await rowOf("eve@example.com"))!.status).toBe("pending");
  });

  it("changes what a subscriber hears about, keeps what was ticked on a refusal, and leaves by the button", async () => {
    const mail = fakeMailChannels();
    await subscribe("fay@example.com");
    const [sent] = await confirmationsTo(mail, "fay@example.com");
    const preferences = linkIn(sent!, "/mailing-list/preferences");
    const page = await pageText(await fetchApp(preferences));
    expect(page).toContain("fay@example.com");
    expect(page).toContain("waiting for you to confirm it");

    const refused = await post(preferences, { intent: "save", categories: ["oil"] });
    expect(refused.status).toBe(400);
    const kept = await pageText(refused);
    expect(kept).toContain(NOTHING_CHOSEN);
    expect(kept).toMatch(/name="categories" checked="" value="oil"/);

    const saved = await post(preferences, { intent: "save", newWork: "on", categories: ["oil", "custom"] });
    expect(await pageText(saved)).toContain("Your preferences are saved.");
    expect(await rowOf("fay@example.com")).toMatchObject({
      newWork: true,
      events: false,
      categories: ["oil", "custom"],
    });

    const left = await post(preferences, { intent: "leave" });
    expect(await pageText(left)).toContain("You have left the mailing list.");
    expect((await rowOf("fay@example.com"))!.status).toBe("left");
  });
});

describe("nobody floods a stranger's inbox through the form", () => {
  it("sends an address at most one confirmation a day", async () => {
    const mail = fakeMailChannels();
    await subscribe("gil@example.com");
    await confirmationsTo(mail, "gil@example.com");
    await subscribe("gil@example.com");
    await subscribe("gil@example.com");
    // A later address's confirmation has gone out, so whatever these two would have sent, before it, has too.
    await subscribe("hal@example.com");
    await confirmationsTo(mail, "hal@example.com");
    expect(mail.calls).toHaveLength(2);
    expect((await rowOf("gil@example.com"))!.confirmationDue).toBe(true);
  });

  it("holds confirmations past the site's hourly cap for the Cron Trigger, which sends them once the hour allows", async () => {
    const hourAgo = Date.now() - 30 * 60 * 1000;
    // CONFIRMATIONS_PER_HOUR (100 by default) went out in the last half hour.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
       insert into subscribers (id, email, confirmation_due, confirmation_sent_at)
       select 'sent-' || i, 'sent-' || i || '@example.com', 0, ?1 from n`,
    )
      .bind(new Date(hourAgo).toISOString())
      .run();
    const mail = fakeMailChannels();
    expect(await pageText(await subscribe("hal@example.com"))).toContain(CHECK_YOUR_INBOX);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(mail.calls).toHaveLength(0);
    expect((await rowOf("hal@example.com"))!.confirmationDue).toBe(true);

    // An hour on, the cap has room: the next run sends it.
    await database
      .update(subscribers)
      .set({ confirmationSentAt: new Date(hourAgo - 60 * 60 * 1000).toISOString() })
      .where(like(subscribers.id, "sent-%"));
    const later = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, later);
    await waitOnExecutionContext(later);
    expect(mail.calls.map((call) => call.body.personalizations[0]!.to[0]!.email)).toEqual(["hal@example.com"]);
    expect((await rowOf("hal@example.com"))!.confirmationDue).toBe(false);
  });

  it("forgets requests never confirmed once their links have expired", async () => {
    const old = new Date(Date.now() - 9 * 24 * 60 * 60 * 1000).toISOString();
    await database.insert(subscribers).values([
      { id: "stale-new", email: "stale@example.com", requestedAt: old, confirmationDue: false },
      {
        id: "stale-back",
        email: "back@example.com",
        requestedAt: old,
        confirmationDue: false,
        consent: { at: old, wording: CONSENT_WORDING, preferences: { newWork: true, categories: [], events: true } },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await rowOf("stale@example.com")).toBeUndefined();
    expect((await rowOf("back@example.com"))!.status).toBe("left");
  });
});

describe("the artist's Mailing list screen", () => {
  const consent = {
    at: "2026-11-20T10:00:00.000Z",
    wording: CONSENT_WORDING,
    preferences: { newWork: true, categories: [], events: true },
  };
  beforeEach(async () => {
    await database.insert(subscribers).values([
      { id: "list-1", email: "ann@example.com", status: "confirmed", consent, categories: ["oil"], events: false },
      { id: "list-2", email: "ben@example.com", status: "confirmed", consent },
      { id: "list-3", email: "=cat@example.com", status: "pending" },
      { id: "list-4", email: "dan@example.com", status: "left", leftAt: "2026-11-25T09:00:00.000Z" },
    ]);
  });

  it("counts the list by state, finds an address, and deletes one on its owner's request", async () => {
    const cookie = await signIn();
    const page = await pageText(await fetchApp("/subscribers", { headers: { Cookie: cookie } }));
    expect(page).toMatch(/<dt>Confirmed<\/dt><dd>2<\/dd>/);
    expect(page).toMatch(/<dt>Waiting to confirm<\/dt><dd>1<\/dd>/);
    expect(page).toMatch(/<dt>Left<\/dt><dd>1<\/dd>/);
    expect(page).toContain("New work (Oil)");
    expect(page).toContain("Confirmed</strong> since Friday 20 November 2026");

    const found = await pageText(await fetchApp("/subscribers?q=BEN", { headers: { Cookie: cookie } }));
    expect(found).toContain("ben@example.com");
    expect(found).not.toContain("ann@example.com");

    const deleted = await postForm("/subscribers", { intent: "delete", id: "list-2" }, { Cookie: cookie });
    expect(await pageText(deleted)).toContain("The address is deleted, with its consent record.");
    expect(await rowOf("ben@example.com")).toBeUndefined();
    const again = await postForm("/subscribers", { intent: "delete", id: "list-2" }, { Cookie: cookie });
    expect(again.status).toBe(404);
  });

  it("downloads every address with its state, preferences and consent as CSV, safe in a spreadsheet", async () => {
    const cookie = await signIn();
    const response = await fetchApp("/subscribers.csv", { headers: { Cookie: cookie } });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Email,State,New work,Kinds of work,Events,Given on,Since,Consent,Left");
    expect(lines).toHaveLength(5);
    expect(lines).toContainEqual(expect.stringMatching(/^ann@example\.com,confirmed,yes,oil,no,footer,/));
    expect(lines.find((line) => line.startsWith("ann@"))).toContain(`2026-11-20 10:00 UTC: ${CONSENT_WORDING}`);
    expect(lines).toContainEqual(expect.stringMatching(/^'=cat@example\.com,pending,/));
    expect(lines).toContainEqual(expect.stringMatching(/^dan@example\.com,left,.*,2026-11-25$/));
  });
});
