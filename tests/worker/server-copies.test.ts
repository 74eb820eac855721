// Originals stored without the browser's copies (a form sent without JavaScript, the migration tool)
// get them from the server, through the Images binding (sharp under wrangler dev and these tests).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { webpWidth } from "~/images/bytes";
import { copyAllLegacyImages, type CopyProgress } from "~/legacy/migration.server";
import { db } from "~/platform/db.server";
import { postMultipart, signIn } from "./admin-helpers";
import { http, HttpResponse, outbound } from "../support/outbound";
import { makeArtwork } from "./helpers";

let cookie: string;
let painting: Uint8Array<ArrayBuffer>;

// A plain 16 x 12 JPEG that every decoder reads (TINY_JPEG is only a valid signature).
const SWATCH = Uint8Array.from(
  atob(
    "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgBxt//2Q==",
  ),
  (c) => c.charCodeAt(0),
);

/** A JPEG of `width` x `height`, drawn by the same binding from the swatch. */
async function jpegOf(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const output = await env.IMAGE_TRANSFORMER.input(new Blob([SWATCH]).stream())
    .transform({ width, height, fit: "cover" })
    .output({ format: "image/jpeg" });
  return new Uint8Array(await output.response().arrayBuffer());
}

beforeAll(async () => {
  cookie = await signIn();
  painting = await jpegOf(2400, 1800);
});

function plainForm(title: string, image: Uint8Array<ArrayBuffer>, filename: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "save",
    title,
    description: "Sent without JavaScript.",
    medium: "Oil",
    size: "A4",
    price: "",
    available: "yes",
    categories: "oil",
  }))
    form.append(name, value);
  form.append("images", new Blob([image], { type: "image/jpeg" }), filename);
  return form;
}

describe("copies made on the server", () => {
  it("an artwork created without the browser's copies gets display, medium and thumbnail copies in R2", async () => {
    const response = await postMultipart("/createPost", plainForm("Server Copies", painting, "big.jpg"), {
      Cookie: cookie,
    });
    expect(response.status).toBe(302);
    const { results } = await env.DB.prepare("select id from posts where title = 'Server Copies'").all<{
      id: string;
    }>();
    const artwork = (await getArtwork(db(env), results[0]!.id))!;
    const [original] = artwork.imageUrls;
    expect(original).toMatch(/^posts\/\d+_big\.jpg$/);
    const copies = artwork.imageCopies[original!]!;
    // Longest side 1600, 800 wide for phones, 480 wide for shop cards: the browser's own sizes.
    expect(Object.fromEntries(Object.entries(copies).map(([kind, copy]) => [kind, copy.width]))).toEqual({
      display: 1600,
      medium: 800,
      thumbnail: 480,
    });
    for (const copy of Object.values(copies)) {
      const object = await env.IMAGES.get(copy.key);
      expect(object?.httpMetadata?.contentType).toBe("image/webp");
      expect(webpWidth(new Uint8Array(await object!.arrayBuffer()))).toBe(copy.width);
    }
  });

  it("a small image gets no medium copy larger than itself, and no copy is ever enlarged", async () => {
    const small = await jpegOf(600, 400);
    await postMultipart("/createPost", plainForm("Small Server Copies", small, "small.jpg"), { Cookie: cookie });
    const { results } = await env.DB.prepare("select image_urls, image_copies from posts where title = ?")
      .bind("Small Server Copies")
      .all<{ image_urls: string; image_copies: string }>();
    const [original] = JSON.parse(results[0]!.image_urls) as string[];
    const copies = JSON.parse(results[0]!.image_copies)[original!] as Record<string, { width: number }>;
    expect(Object.fromEntries(Object.entries(copies).map(([kind, copy]) => [kind, copy.width]))).toEqual({
      display: 600,
      thumbnail: 480,
    });
  });

  it("an image copied from the old site's host by the migration tool gets its copies too", async () => {
    const legacy = "https://res.cloudinary.com/amara/image/upload/v1/posts/harbour.jpg";
    await upsertArtworks(db(env), [makeArtwork({ id: "sc-legacy", imageUrls: [legacy] })]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "copy", artworkId: "sc-legacy", step: "0" })) {
      form.append(name, value);
    }
    outbound.use(http.get(legacy, () => new HttpResponse(painting, { headers: { "Content-Type": "image/jpeg" } })));
    const response = await postMultipart("/migration-tool", form, { Cookie: cookie });
    expect(response.status).toBe(302);
    const artwork = (await getArtwork(db(env), "sc-legacy"))!;
    const [copied] = artwork.imageUrls;
    expect(copied).toMatch(/^posts\/\d+_harbour\.jpg$/);
    expect(artwork.imageCopies[copied!]?.thumbnail?.width).toBe(480);
    expect(await env.IMAGES.head(artwork.imageCopies[copied!]!.thumbnail!.key)).not.toBeNull();
  });

  it("after an import, every artwork on the old site's hosts is copied with its light copies; a failing host stops only its own", async () => {
    const hosts = [
      "https://res.cloudinary.com/amara/image/upload/v1/posts/a.jpg",
      "https://res.cloudinary.com/amara/image/upload/v1/posts/b.jpg",
    ];
    await upsertArtworks(db(env), [
      makeArtwork({ id: "sc-import-1", title: "Imported One", imageUrls: [hosts[0]!] }),
      makeArtwork({ id: "sc-import-2", title: "Imported Two", imageUrls: [hosts[1]!] }),
    ]);
    outbound.use(
      http.get(hosts[0]!, () => new HttpResponse(painting, { headers: { "Content-Type": "image/jpeg" } })),
      http.get(hosts[1]!, () => new HttpResponse("gone", { status: 410 })),
    );
    const steps: CopyProgress[] = [];
    const report = await copyAllLegacyImages(env, [], (step) => steps.push(step));
    // For the command's progress line: every artwork counted once it is done, copied or not, and the
    // images and bytes of those copied.
    const total = steps[0]!.total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(steps.map((step) => step.done)).toEqual(Array.from({ length: total + 1 }, (_, n) => n));
    expect(steps.every((step) => step.total === total)).toBe(true);
    expect(steps.at(-1)).toMatchObject({ images: report.migrated, bytes: report.migrated * painting.byteLength });
    expect(report.failed).toContainEqual({
      id: "sc-import-2",
      title: "Imported Two",
      reason: "Image 1 of 1 could not be copied: the host answered 410.",
    });
    expect(report.failed.map((failure) => failure.id)).not.toContain("sc-import-1");
    const one = (await getArtwork(db(env), "sc-import-1"))!;
    expect(one.imageUrls[0]).toMatch(/^posts\/\d+_a\.jpg$/);
    expect(one.imageCopies[one.imageUrls[0]!]?.thumbnail?.width).toBe(480);
    expect((await getArtwork(db(env), "sc-import-2"))!.imageUrls).toEqual([hosts[1]]);
  });
});
