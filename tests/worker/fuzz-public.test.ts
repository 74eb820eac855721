// Generated bad input against the visitors' forms (enquiry, contact, testimonial) and the sign-in form:
// never a 5xx, a 4xx says why, a refusal stores nothing, and what is stored renders escaped.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getAppEnv } from "~/platform/env.server";
import { HONEYPOT_FIELD } from "~/forms/spam";
import { composeEmail } from "~/messages/mail.server";
import { getMessage } from "~/messages/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { signIn } from "./admin-helpers";
import { formFields, HTML_PAYLOADS, nastyString, TRAVERSALS, wellFormed } from "./fuzz/values";
import { encodedForm, firstText, lastText, send, urlencoded, type Encoded } from "./fuzz/bodies";
import { expectAnswer, expectShownEscaped, snapshot, storedForm } from "./fuzz/answers";
import { snapshotStorage } from "./storage-snapshot";
import { contactFields, enquiryFields, testimonialFields } from "./fuzz/forms";
import { fuzz, FUZZ_TIMEOUT_MS } from "./fuzz/run";
import { fetchApp, makeArtwork, ORIGIN } from "./helpers";

const database = db(env);
const POST_ID = "fz-post";
let cookie: string;

beforeAll(async () => {
  cookie = await signIn();
  await upsertArtworks(database, [makeArtwork({ id: POST_ID, title: "Harbour <b>Lights</b>" })]);
});

async function ids(table: "messages" | "testimonials"): Promise<Set<string>> {
  const { results } = await env.DB.prepare(`select id from ${table}`).all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

/** The honeypot caught it: a bot gets an ordinary success and nothing is stored. */
function trapped(encoded: Encoded): boolean {
  return (firstText(encoded.sent, HONEYPOT_FIELD) ?? "").trim() !== "";
}

/** The rows `table` gained during a case. */
async function added(table: "messages" | "testimonials", before: Set<string>): Promise<string[]> {
  return [...(await ids(table))].filter((id) => !before.has(id));
}

// The e-mail's own markup; anything else in it came from a visitor and was not escaped.
const EMAIL_TAGS = new Set(["!doctype", "html", "body", "p", "table", "tr", "th", "td", "a", "strong"]);
const EMAIL_ATTRIBUTES = new Set(["style", "align", "href"]);

function expectEmailEscaped(html: string, values: string[]) {
  for (const [, tag, attributes] of html.matchAll(/<\/?([A-Za-z!][^\s>/]*)([^>]*)>/g)) {
    expect(EMAIL_TAGS, `e-mail tag <${tag}>`).toContain(tag!.toLowerCase());
    for (const [, attribute] of attributes!.matchAll(/\s([^\s=]+)=/g)) {
      expect(EMAIL_ATTRIBUTES, `e-mail attribute ${attribute}`).toContain(attribute!.toLowerCase());
    }
  }
  for (const value of values) {
    for (const payload of HTML_PAYLOADS) if (value.includes(payload)) expect(html).not.toContain(payload);
  }
}

/** A stored message: what was typed, shown escaped in the Inbox and in the e-mail. */
async function checkStoredMessage(id: string, sent: Encoded["sent"], fields: string[]) {
  const message = (await getMessage(database, id))!;
  for (const field of fields) {
    expect(message[field as "name"], field).toBe(storedForm(firstText(sent, field)!));
  }
  const inbox = await (await fetchApp(`/inbox?read=${encodeURIComponent(id)}`, { headers: { Cookie: cookie } })).text();
  for (const field of fields) expectShownEscaped(inbox, message[field as "name"]!, `Inbox ${field}`);
  const email = composeEmail(message, getAppEnv(env), { price: null });
  expectEmailEscaped(
    email.content[1].value,
    fields.map((field) => message[field as "name"]!),
  );
  // Keeps this message from crowding out the next case's.
  await env.DB.prepare("delete from messages where id = ?").bind(id).run();
}

describe("the visitors' forms under generated input", () => {
  it(
    "enquiry (POST /post/:id)",
    async () => {
      const target = fc.oneof(
        { weight: 6, arbitrary: fc.constant(POST_ID) },
        { weight: 1, arbitrary: fc.constantFrom(...TRAVERSALS, "no-such-artwork", `${POST_ID}%2F..`, "%E0%A4%A") },
        { weight: 1, arbitrary: nastyString.map((id) => encodeURIComponent(wellFormed(id))) },
      );
      const form = encodedForm(formFields(enquiryFields, { honeypot: true }));
      await fuzz(
        "enquiry",
        fc.tuple(target, form),
        async ([id, encoded]) => {
          const label = `enquiry ${id} ${encoded.label}`;
          const before = await snapshot();
          const beforeIds = await ids("messages");
          const path = `/post/${id}?enquire=1`;
          const response = await send(path, encoded);
          const html = await expectAnswer(response, "html", label);
          const rows = await added("messages", beforeIds);
          if (response.status >= 400 || trapped(encoded)) {
            expect(await snapshot(), label).toBe(before);
            return response.status >= 400 ? String(response.status) : "trapped";
          }
          // The only artwork there is: anything else is "Artwork not found" (404) above.
          expect(new URL(path, ORIGIN).pathname).toBe(`/post/${POST_ID}`);
          expect(html).toContain("Enquiry Sent!");
          expect(rows, label).toHaveLength(1);
          await checkStoredMessage(rows[0]!, encoded.sent, ["name", "email", "address", "message"]);
          return "stored";
        },
        {
          accepts: {
            outcome: /^stored$/,
            valid: [
              [
                POST_ID,
                urlencoded([
                  ["name", "Ann Smith"],
                  ["email", "ann@example.com"],
                  ["address", "1 Park Lane, Leeds LS1 1AA"],
                  ["message", "Is this painting still for sale?"],
                ]),
              ],
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "contact (POST /contact)",
    async () => {
      const form = encodedForm(formFields(contactFields, { honeypot: true }));
      await fuzz(
        "contact",
        form,
        async (encoded) => {
          const label = `contact ${encoded.label}`;
          const before = await snapshot();
          const beforeIds = await ids("messages");
          const response = await send("/contact", encoded);
          const html = await expectAnswer(response, "html", label);
          const rows = await added("messages", beforeIds);
          if (response.status >= 400 || trapped(encoded)) {
            expect(await snapshot(), label).toBe(before);
            return response.status >= 400 ? String(response.status) : "trapped";
          }
          expect(html).toContain("Message sent successfully!");
          expect(rows, label).toHaveLength(1);
          await checkStoredMessage(rows[0]!, encoded.sent, ["name", "email", "message"]);
          return "stored";
        },
        {
          accepts: {
            outcome: /^stored$/,
            valid: [
              urlencoded([
                ["name", "Ann Smith"],
                ["email", "ann@example.com"],
                ["message", "Do you take commissions of pets?"],
              ]),
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "testimonial (POST /testimonials/add), shown escaped once approved",
    async () => {
      const form = encodedForm(formFields(testimonialFields, { honeypot: true }));
      await fuzz(
        "testimonial",
        form,
        async (encoded) => {
          const label = `testimonial ${encoded.label}`;
          const before = await snapshot();
          const beforeIds = await ids("testimonials");
          const response = await send("/testimonials/add", encoded);
          await expectAnswer(response, "html", label);
          const rows = await added("testimonials", beforeIds);
          if (response.status >= 400 || trapped(encoded)) {
            expect(await snapshot(), label).toBe(before);
            return response.status >= 400 ? String(response.status) : "trapped";
          }
          expect(rows, label).toHaveLength(1);
          const id = rows[0]!;
          const row = (await env.DB.prepare("select author, message, approved from testimonials where id = ?")
            .bind(id)
            .first<{ author: string; message: string; approved: number }>())!;
          expect(row.author).toBe(storedForm(firstText(encoded.sent, "author")!));
          expect(row.message).toBe(storedForm(firstText(encoded.sent, "message")!));
          // Pending until approved: not on the public page yet.
          expect(row.approved).toBe(0);
          const approve = await send(
            "/dashboard.data",
            { body: new URLSearchParams({ intent: "approve", id }), label: "approve" },
            { Cookie: cookie },
          );
          expect(approve.status).toBe(200);
          const page = await (await fetchApp("/testimonials")).text();
          expectShownEscaped(page, row.author, "testimonial author");
          expectShownEscaped(page, row.message, "testimonial message");
          await env.DB.prepare("delete from testimonials where id = ?").bind(id).run();
          return "stored";
        },
        {
          accepts: {
            outcome: /^stored$/,
            valid: [
              urlencoded([
                ["author", "Ann Smith"],
                ["message", "The painting looks wonderful in our hall."],
              ]),
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "sign-in (POST /dashboard intent=login) never signs in on a wrong passkey, never redirects off the site",
    async () => {
      const form = encodedForm(
        formFields({
          intent: fc.oneof({ weight: 8, arbitrary: fc.constant("login") }, { weight: 2, arbitrary: nastyString }),
          passkey: fc.oneof(
            { weight: 1, arbitrary: fc.constant(env.ADMIN_PASSKEY) },
            { weight: 1, arbitrary: fc.constant(`${env.ADMIN_PASSKEY} `) },
            { weight: 6, arbitrary: nastyString },
          ),
          next: fc.oneof(
            fc.constantFrom(
              "/analytics?range=30d",
              "//evil.example",
              "/\t/evil.example",
              "/\\evil.example",
              "javascript:alert(1)",
              "https://evil.example/",
            ),
            fc.constantFrom(...TRAVERSALS).map((t) => `/${t}`),
            nastyString,
          ),
        }),
      );
      await fuzz(
        "sign-in",
        form,
        async (encoded) => {
          const label = `sign-in ${encoded.label}`;
          // Nothing is written but the session row a successful sign-in starts, and the device row it remembers.
          const sessions = async () =>
            (await env.DB.prepare("select count(*) as n from admin_sessions").first<{ n: number }>())!.n;
          const withoutSessions = () =>
            snapshotStorage({ ignoreDelivery: true, skipTables: ["admin_sessions", "admin_devices"] });
          // The site-wide budget of wrong passkeys is spent by the other cases; this one starts with it whole.
          await env.DB.prepare("delete from sign_in_failures").run();
          const [before, sessionsBefore] = [await withoutSessions(), await sessions()];
          const response = await send("/dashboard", encoded);
          await expectAnswer(response, "html", label);
          expect(await withoutSessions(), label).toBe(before);
          expect(await sessions(), label).toBe(sessionsBefore + (response.status === 302 ? 1 : 0));
          const cookieSet = response.headers.get("Set-Cookie");
          const rightPasskey =
            lastText(encoded.sent, "intent") === "login" && lastText(encoded.sent, "passkey") === env.ADMIN_PASSKEY;
          if (!rightPasskey) {
            expect(response.status, label).toBeGreaterThanOrEqual(400);
            expect(cookieSet, label).toBeNull();
            return String(response.status);
          }
          // The right passkey is refused only with a `next` longer than the form takes.
          if ((lastText(encoded.sent, "next")?.length ?? 0) > 200) {
            expect(response.status, label).toBe(400);
            return "400";
          }
          expect(response.status, label).toBe(302);
          expect(cookieSet).toContain("session=");
          const location = new URL(response.headers.get("Location")!, ORIGIN);
          expect(location.origin, label).toBe(ORIGIN);
          return "signed in";
        },
        {
          accepts: {
            outcome: /^signed in$/,
            valid: [
              urlencoded([
                ["intent", "login"],
                ["passkey", env.ADMIN_PASSKEY],
                ["next", "/analytics?range=30d"],
              ]),
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
