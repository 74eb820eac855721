// Generated bad input against the signed-in admin's actions (dashboard intents, events, migration tool):
// never a 5xx, a 4xx says why, a refusal writes nothing, and an id that is not the one meant (traversal,
// encoded slashes, ids that do not exist) changes nothing whatever the answer.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { upsertEvents } from "~/events/queries.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { upsertTestimonials } from "~/testimonials/queries.server";
import { signIn } from "./admin-helpers";
import { encodedForm, firstText, multipart, send, urlencoded } from "./fuzz/bodies";
import { expectStorageKeysSafe, expectAnswer, expectShownEscaped, snapshot, storedForm } from "./fuzz/answers";
import {
  filePart,
  formFields,
  HUGE_NUMBERS,
  idSegment,
  nastyString,
  routeParam,
  TRAVERSALS,
  type Fields,
} from "./fuzz/values";
import { eventFields } from "./fuzz/forms";
import { fuzz, FUZZ_TIMEOUT_MS } from "./fuzz/run";
import { http, HttpResponse, outbound } from "../support/outbound";
import { fetchApp, makeArtwork, TINY_JPEG } from "./helpers";

const database = db(env);
let cookie: string;

const LEGACY_URLS = [
  "https://res.cloudinary.com/demo/image/upload/v1/harbour.jpg",
  "https://res.cloudinary.com/demo/image/upload/v1/..%2F..%2Fevil%2F..%2Fx.jpg",
];

/** The same starting point for every case: each case may approve, delete or migrate these. */
async function fixtures() {
  await upsertEvents(database, [{ id: "fz-e", name: "Fuzzed", description: "d", date: "2027-03-03", location: null }]);
  await upsertTestimonials(database, [{ id: "fz-t", author: "T", message: "m", approved: false }]);
  await upsertArtworks(database, [
    makeArtwork({ id: "fz-p", imageUrls: ["posts/1_fz-p.jpg"] }),
    makeArtwork({ id: "fz-legacy", imageUrls: [...LEGACY_URLS, "posts/1_fz-p.jpg"], migratedAt: null }),
  ]);
  await env.DB.prepare(
    "insert or replace into messages (id, kind, name, email, message, status, attempts) values ('fz-m', 'contact', 'M', 'm@example.com', 'm', 'failed', 1)",
  ).run();
  await env.IMAGES.put("posts/1_fz-p.jpg", TINY_JPEG);
}

beforeAll(async () => {
  cookie = await signIn();
  // Quiet the e-mail log of "retry".
  vi.spyOn(console, "log").mockImplementation(() => {});
});

// The legacy image host the migration tool copies from (there is no network here).
beforeEach(() => {
  outbound.use(
    http.get(
      /^https:\/\/([^/]+\.)?cloudinary\.com\//,
      () => new HttpResponse(TINY_JPEG, { headers: { "Content-Type": "image/jpeg" } }),
    ),
  );
});

afterAll(() => {
  vi.restoreAllMocks();
});

async function eventIds(): Promise<Set<string>> {
  const { results } = await env.DB.prepare("select id from events").all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

/** An event as the admin's form sends it, which /create-event and /events/edit/:id must accept. */
const VALID_EVENT: Fields = [
  ["intent", "save"],
  ["name", "Open studio"],
  ["description", "Paintings on show, with tea."],
  ["date", "2027-05-01"],
  ["location", "Leeds"],
  ["passkey", ""],
];

describe("the admin's actions under generated input", () => {
  it(
    "dashboard intents (approve, disapprove) and Inbox intents (retry, handled, unhandled) with generated ids",
    async () => {
      const formFor = (intents: string[]) =>
        encodedForm(
          formFields({
            intent: fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom(...intents) },
              { weight: 1, arbitrary: nastyString },
            ),
            id: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("fz-t", "fz-m") },
              { weight: 1, arbitrary: fc.constantFrom("fz-e", "fz-p", "", "x".repeat(101), ...TRAVERSALS) },
              { weight: 2, arbitrary: nastyString },
            ),
          }),
        );
      // As the Inbox and testimonial buttons send them: through a fetcher, or as a page without JavaScript.
      const page = (route: string, intents: string[]) =>
        fc.tuple(
          fc.constantFrom({ path: `${route}.data`, format: "data" as const }, { path: route, format: "html" as const }),
          formFor(intents),
        );
      await fuzz(
        "dashboard and Inbox intents",
        fc.oneof(page("/dashboard", ["approve", "disapprove"]), page("/inbox", ["retry", "handled", "unhandled"])),
        async ([{ path, format }, encoded]) => {
          const label = `${path} ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const response = await send(path, encoded, { Cookie: cookie });
          await expectAnswer(response, format, label);
          if (response.status >= 400) {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          // Object.fromEntries in the action: the last value of a repeated field counts.
          const fields = Object.fromEntries(
            (encoded.sent ?? []).filter((e): e is [string, string] => typeof e[1] === "string"),
          );
          const { intent, id } = fields as Record<string, string>;
          expect(path.startsWith("/inbox") ? ["retry", "handled", "unhandled"] : ["approve", "disapprove"]).toContain(
            intent,
          );
          if (intent === "approve" || intent === "disapprove") {
            expect(id, label).toBe("fz-t");
            const row = await env.DB.prepare("select approved from testimonials where id = 'fz-t'").first<{
              approved: number;
            }>();
            expect(row!.approved, label).toBe(intent === "approve" ? 1 : 0);
          } else {
            expect(id, label).toBe("fz-m");
          }
          return `${intent} done`;
        },
        {
          accepts: {
            outcome: / done$/,
            valid: [
              [
                { path: "/dashboard", format: "html" },
                urlencoded([
                  ["intent", "approve"],
                  ["id", "fz-t"],
                ]),
              ],
            ],
          },
          examples: [
            // Once 4xx pages that said nothing: the dashboard without JavaScript did not show the refusal.
            [{ path: "/dashboard", format: "html" }, multipart([])],
            [
              { path: "/inbox", format: "html" },
              multipart([
                ["intent", "handled"],
                ["id", "no-such-message"],
              ]),
            ],
            [
              { path: "/dashboard", format: "html" },
              multipart([
                ["intent", "approve"],
                ["id", "no-such-testimonial"],
              ]),
            ],
          ],
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "/create-event",
    async () => {
      await fuzz(
        "create-event",
        encodedForm(formFields(eventFields)),
        async (encoded) => {
          const label = `create-event ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const beforeIds = await eventIds();
          const response = await send("/create-event", encoded, { Cookie: cookie });
          await expectAnswer(response, "html", label);
          if (response.status >= 400) {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          expect(response.status, label).toBe(302);
          const added = [...(await eventIds())].filter((id) => !beforeIds.has(id));
          expect(added, label).toHaveLength(1);
          const event = (await env.DB.prepare("select * from events where id = ?")
            .bind(added[0])
            .first<{ name: string; description: string; date: string; location: string | null }>())!;
          expect(event.name, label).toBe(storedForm(firstText(encoded.sent, "name")!));
          expect(event.description, label).toBe(storedForm(firstText(encoded.sent, "description")!));
          expect(event.date, label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          const page = await (await fetchApp("/events")).text();
          expectShownEscaped(page, event.name, "event name");
          expectShownEscaped(page, event.description, "event description");
          await env.DB.prepare("delete from events where id = ?").bind(added[0]).run();
          return "created";
        },
        {
          accepts: {
            outcome: /^created$/,
            valid: [urlencoded(VALID_EVENT)],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "/events/edit/:id (save and delete) with generated ids",
    async () => {
      const form = formFields({
        ...eventFields,
        intent: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom("save", "delete") },
          { weight: 1, arbitrary: nastyString },
        ),
      });
      await fuzz(
        "events/edit",
        fc.tuple(idSegment("fz-e"), encodedForm(form)),
        async ([id, encoded]) => {
          const path = `/events/edit/${id}`;
          const label = `${path.slice(0, 120)} ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const response = await send(path, encoded, { Cookie: cookie });
          await expectAnswer(response, "html", label);
          if (response.status >= 400 || routeParam(path, "/events/edit/") !== "fz-e") {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          const event = await env.DB.prepare("select * from events where id = 'fz-e'").first();
          if (firstText(encoded.sent, "intent") === "delete") {
            expect(response.status, label).toBe(302);
            expect(event, label).toBeNull();
            return "deleted";
          }
          expect(response.status, label).toBe(200);
          expect(event!.name, label).toBe(storedForm(firstText(encoded.sent, "name")!));
          return "saved";
        },
        {
          accepts: {
            outcome: /^(saved|deleted)$/,
            valid: [["fz-e", urlencoded(VALID_EVENT)]],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "/migration-tool intents (copy, upload) with generated artwork ids, steps and files",
    async () => {
      const form = fc
        .tuple(
          formFields({
            intent: fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom("copy", "upload") },
              { weight: 1, arbitrary: nastyString },
            ),
            artworkId: fc.oneof(
              { weight: 3, arbitrary: fc.constant("fz-legacy") },
              { weight: 1, arbitrary: fc.constantFrom("fz-p", "no-such-post", ...TRAVERSALS) },
              { weight: 1, arbitrary: nastyString },
            ),
            step: fc.oneof(fc.constant("0"), fc.constantFrom(...HUGE_NUMBERS), nastyString),
          }),
          fc.array(filePart(["images", "images", "display-0", "thumbnail-0", "other"]), { maxLength: 3 }),
        )
        .map(([fields, files]): Fields => [...fields, ...files]);
      await fuzz(
        "migration-tool",
        encodedForm(form, { files: true }),
        async (encoded) => {
          const label = `migration-tool ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const response = await send("/migration-tool", encoded, { Cookie: cookie });
          await expectAnswer(response, "html", label);
          await expectStorageKeysSafe(label);
          if (response.status >= 400 || firstText(encoded.sent, "artworkId") !== "fz-legacy") {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          expect(response.status, label).toBe(302);
          expect(new URL(response.headers.get("Location")!, "http://localhost").origin).toBe("http://localhost");
          const migrated = (await env.DB.prepare("select image_urls from posts where id = 'fz-legacy'").first<{
            image_urls: string;
          }>())!;
          for (const url of LEGACY_URLS) expect(migrated.image_urls, label).not.toContain(url);
          return "migrated";
        },
        {
          accepts: {
            outcome: /^migrated$/,
            valid: [
              urlencoded([
                ["intent", "copy"],
                ["artworkId", "fz-legacy"],
                ["step", "0"],
              ]),
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
