// Generated bad input against the artwork forms (/createPost, /edit/:id): multipart bodies with files
// that are empty, oversized, not images, or named to climb out of posts/. Never a 5xx, a 4xx says why,
// a refusal leaves D1 and R2 as they were, and nothing is ever stored outside posts/.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { sniffImageType } from "~/images/bytes";
import { upsertEvents } from "~/events/queries.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { signIn } from "./admin-helpers";
import { encodedForm, firstText, multipart, send, type Encoded } from "./fuzz/bodies";
import { expectStorageKeysSafe, expectAnswer, expectShownEscaped, snapshot, storedForm } from "./fuzz/answers";
import { filePart, formFields, idSegment, nastyString, routeParam, TRAVERSALS, type Fields } from "./fuzz/values";
import { artworkFields } from "./fuzz/forms";
import { fuzz, FUZZ_TIMEOUT_MS } from "./fuzz/run";
import { fetchApp, makeArtwork, TINY_JPEG } from "./helpers";

const database = db(env);
let cookie: string;

const OWN = ["posts/1_fz-p.jpg", "posts/2_fz-p.jpg"];
const OTHER = "posts/1_fz-other.jpg";

/** The same starting point for every case: the post under edit, another post, and their images. */
async function fixtures() {
  await upsertEvents(database, [{ id: "fz-e", name: "Fuzzed", description: "d", date: "2027-03-03", location: null }]);
  await upsertArtworks(database, [
    makeArtwork({ id: "fz-p", imageUrls: OWN, events: ["fz-e", "Old show"] }),
    makeArtwork({ id: "fz-other", imageUrls: [OTHER] }),
  ]);
  for (const key of [...OWN, OTHER])
    await env.IMAGES.put(key, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
}

beforeAll(async () => {
  cookie = await signIn();
});

async function artworkIds(): Promise<Set<string>> {
  const { results } = await env.DB.prepare("select id from posts").all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

/** Whatever happened, storage holds only keys the image route serves, and the other post is untouched. */
async function expectStorageSound(label: string) {
  await expectStorageKeysSafe(label);
  expect(await env.IMAGES.head(OTHER), `${label}: the other post's image`).not.toBeNull();
  expect((await getArtwork(database, "fz-other"))?.imageUrls, label).toEqual([OTHER]);
}

/** A stored image is an image, whatever name and type it was sent with. */
async function expectImagesStored(imageUrls: string[], label: string) {
  for (const key of imageUrls) {
    const object = await env.IMAGES.get(key);
    expect(object, `${label}: ${key} stored`).not.toBeNull();
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expect(sniffImageType(bytes), `${label}: ${key} is an image`).toBe(object!.httpMetadata?.contentType);
  }
}

const VALID = {
  title: "Harbour",
  description: "Boats.",
  medium: "Oil",
  size: "40 x 30 cm",
  price: "",
  available: "yes",
};

/** The form's fields, then 0-3 files (sometimes 21: one over the cap), as the browser orders them. */
function artworkForm(extra: Record<string, fc.Arbitrary<string>> = {}) {
  const files = fc.oneof(
    {
      weight: 20,
      arbitrary: fc.array(filePart(["images", "images", "images", "display-0", "thumbnail-0", "display-99", "x"]), {
        maxLength: 3,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        Array.from(
          { length: 21 },
          (_, i): [string, { blob: Uint8Array<ArrayBuffer>; type: string; filename: string }] => [
            "images",
            { blob: TINY_JPEG, type: "image/jpeg", filename: `many-${i}.jpg` },
          ],
        ),
      ),
    },
  );
  return encodedForm(
    fc.tuple(formFields({ ...artworkFields, ...extra }), files).map(([fields, parts]): Fields => [...fields, ...parts]),
    { files: true },
  );
}

describe("the artwork forms under generated input", () => {
  it(
    "/createPost (multipart with files)",
    async () => {
      await fuzz(
        "createPost",
        artworkForm(),
        async (encoded) => {
          const label = `createPost ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const beforeIds = await artworkIds();
          const response = await send("/createPost", encoded, { Cookie: cookie });
          await expectAnswer(response, "html", label);
          await expectStorageSound(label);
          if (response.status >= 400) {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          expect(response.status, label).toBe(302);
          const added = [...(await artworkIds())].filter((id) => !beforeIds.has(id));
          expect(added, label).toHaveLength(1);
          const artwork = (await getArtwork(database, added[0]!))!;
          expect(artwork.title, label).toBe(storedForm(firstText(encoded.sent, "title")!));
          expect(artwork.imageUrls.length, label).toBeGreaterThan(0);
          await expectImagesStored(artwork.imageUrls, label);
          const page = await (await fetchApp(`/post/${encodeURIComponent(artwork.id)}`)).text();
          expectShownEscaped(page, artwork.title, "artwork title");
          // Keeps the next cases' snapshots small.
          await env.DB.prepare("delete from posts where id = ?").bind(artwork.id).run();
          await env.IMAGES.delete(artwork.imageUrls);
          return "created";
        },
        {
          accepts: {
            outcome: /^created$/,
            valid: [
              multipart([
                ...Object.entries(VALID),
                ["categories", "oil"],
                ["images", { blob: TINY_JPEG, type: "image/jpeg", filename: "harbour.jpg" }],
              ]),
            ],
          },
          examples: [
            // Once a 400 with no message: the availability error was not shown.
            multipart([
              ...Object.entries({ ...VALID, available: "<script>alert(1)</script>" }),
              ["categories", "oil"],
              ["images", { blob: TINY_JPEG, type: "image/jpeg", filename: "a.jpg" }],
            ]),
          ],
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "/edit/:id (save and delete, images removed and added) with generated ids",
    async () => {
      const form = artworkForm({
        intent: fc.oneof(
          { weight: 4, arbitrary: fc.constant("save") },
          { weight: 1, arbitrary: fc.constant("delete") },
          { weight: 1, arbitrary: nastyString },
        ),
        removeImage: fc.oneof(
          fc.constantFrom(
            ...OWN,
            OTHER,
            `../${OTHER}`,
            "posts/../posts/1_fz-other.jpg",
            "/images/posts%2F1_fz-other.jpg",
          ),
          fc.constantFrom(...TRAVERSALS),
          nastyString,
        ),
        removeEvent: fc.oneof(fc.constantFrom("fz-e", "Old show", "no-such-event"), nastyString),
      });
      await fuzz(
        "edit",
        fc.tuple(idSegment("fz-p"), form),
        async ([id, encoded]) => {
          const path = `/edit/${id}`;
          const label = `${path.slice(0, 120)} ${encoded.label}`;
          await fixtures();
          const before = await snapshot();
          const response = await send(path, encoded, { Cookie: cookie });
          await expectAnswer(response, "html", label);
          await expectStorageSound(label);
          if (response.status >= 400 || routeParam(path, "/edit/") !== "fz-p") {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          const artwork = await getArtwork(database, "fz-p");
          if (firstText(encoded.sent, "intent") === "delete") {
            expect(response.status, label).toBe(302);
            expect(artwork, label).toBeUndefined();
            for (const key of OWN) expect(await env.IMAGES.head(key), label).toBeNull();
            return "deleted";
          }
          expect(response.status, label).toBe(200);
          expect(artwork!.title, label).toBe(storedForm(firstText(encoded.sent, "title")!));
          await expectImagesStored(
            artwork!.imageUrls.filter((key) => !OWN.includes(key)),
            label,
          );
          return "saved";
        },
        {
          accepts: {
            outcome: /^(saved|deleted)$/,
            valid: [["fz-p", multipart([...Object.entries({ ...VALID, intent: "save" }), ["categories", "oil"]])]],
          },
          examples: [
            // Once a 500: a refused upload carrying a field named __proto__.
            [
              "fz-p",
              multipart([
                ...Object.entries({ ...VALID, intent: "save" }),
                ["categories", "oil"],
                ["__proto__", ""],
                ["images", { blob: new Uint8Array(3), type: "image/jpeg", filename: "not-an-image.jpg" }],
              ]),
            ] as [string, Encoded],
          ],
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
