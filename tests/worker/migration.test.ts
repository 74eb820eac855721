import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { updateArtwork } from "~/artworks/save.server";
import { ImageWrites } from "~/images/writes.server";
import { publicCacheFor } from "~/public-cache/purge.server";
import {
  CHANGED_WHILE_COPYING,
  copyLegacyImages,
  migrateArtwork,
  artworksWithLegacyImages,
} from "~/legacy/migration.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchWithEnv } from "./faults-helpers";
import { fetchApp, makeArtwork, TINY_JPEG } from "./helpers";
import { http, HttpResponse, never, outbound } from "../support/outbound";

const database = db(env);
const publicCache = publicCacheFor(database, undefined);
const CLOUDINARY = "https://res.cloudinary.com/amara/image/upload/v1/posts/harbour.jpg";
const FIREBASE = "https://firebasestorage.googleapis.com/v0/b/amara.appspot.com/o/posts%2Fdusk.png?alt=media";

const legacyArtwork = () =>
  makeArtwork({
    id: "legacy-1",
    imageUrls: ["posts/1_kept.jpg", CLOUDINARY, FIREBASE],
    createdAt: "2020-01-01T00:00:00.000Z",
  });

async function keys() {
  return (await env.IMAGES.list({ prefix: "posts/" })).objects.map((object) => object.key).sort();
}

type Answer = (request: { signal: AbortSignal }) => Response | Promise<Response>;

/** The old site's hosts: each URL answered as told, any other 404. */
function legacyHost(answers: Record<string, Answer>) {
  outbound.use(http.get("*", () => new HttpResponse("not found", { status: 404 })));
  for (const [url, answer] of Object.entries(answers)) outbound.use(http.get(url, ({ request }) => answer(request)));
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeEach(async () => {
  await env.DB.prepare("delete from posts").run();
  await upsertArtworks(database, [legacyArtwork(), makeArtwork({ id: "modern", imageUrls: ["posts/1_modern.jpg"] })]);
});

describe("copy automatically", () => {
  it("copies each legacy image into R2 and migrates the artwork", async () => {
    legacyHost({ [CLOUDINARY]: () => new Response(TINY_JPEG), [FIREBASE]: () => new Response(PNG) });
    const copied = await copyLegacyImages(
      new ImageWrites({ IMAGES: env.IMAGES }),
      (await getArtwork(database, "legacy-1"))!,
      [],
      { now: 1_795_000_000_000 },
    );
    const copies = "images" in copied ? copied.images : [];
    expect(copies.map((c) => c.key)).toEqual(["posts/1795000000000_harbour.jpg", "posts/1795000000001_dusk.png"]);
    expect((await env.IMAGES.head("posts/1795000000001_dusk.png"))?.httpMetadata?.contentType).toBe("image/png");

    expect(await migrateArtwork(database, (await getArtwork(database, "legacy-1"))!, copies, [])).toBe("saved");
    const artwork = (await getArtwork(database, "legacy-1"))!;
    expect(artwork.imageUrls).toEqual([
      "posts/1_kept.jpg",
      "posts/1795000000000_harbour.jpg",
      "posts/1795000000001_dusk.png",
    ]);
    expect(artwork.originalCloudinaryUrls).toEqual([CLOUDINARY, FIREBASE]);
    expect(artwork.migratedAt).not.toBeNull();
    expect((await artworksWithLegacyImages(database, [])).map((p) => p.id)).toEqual([]);
  });

  const failures: Array<[string, Record<string, Answer>, RegExp]> = [
    [
      "a 404",
      { [CLOUDINARY]: () => new Response(TINY_JPEG) },
      /Image 2 of 2 could not be copied: the host answered 404\./,
    ],
    [
      "a page that is not an image",
      { [CLOUDINARY]: () => new Response(TINY_JPEG), [FIREBASE]: () => new Response("<html>Sign in</html>") },
      /Image 2 of 2 could not be copied: it is not an image\./,
    ],
    [
      "an answer over 15 MB",
      {
        [CLOUDINARY]: () => new Response(TINY_JPEG),
        [FIREBASE]: () => new Response(new Uint8Array(15 * 1024 * 1024 + 1)),
      },
      /Image 2 of 2 could not be copied: it is larger than 15 MB\./,
    ],
    [
      "a host that never answers",
      { [CLOUDINARY]: () => new Response(TINY_JPEG), [FIREBASE]: never },
      /Image 2 of 2 could not be copied: the host could not be reached\./,
    ],
  ];
  for (const [what, answers, message] of failures) {
    it(`${what}: nothing is kept and the artwork is unchanged`, async () => {
      const before = [await keys(), JSON.stringify(await getArtwork(database, "legacy-1"))];
      legacyHost(answers);
      const copied = await copyLegacyImages(
        new ImageWrites({ IMAGES: env.IMAGES }),
        (await getArtwork(database, "legacy-1"))!,
        [],
        { timeoutMs: 50 },
      );
      expect("problem" in copied && copied.problem.status).toBe(502);
      expect("problem" in copied && "message" in copied.problem && copied.problem.message).toMatch(message);
      expect([await keys(), JSON.stringify(await getArtwork(database, "legacy-1"))]).toEqual(before);
    });
  }

  /** Copies the legacy-1 post's images, and says how it ended and which URLs the worker asked for. */
  async function copyWith(answers: Record<string, Answer>, imageUrls?: string[]) {
    if (imageUrls) await upsertArtworks(database, [makeArtwork({ id: "legacy-1", imageUrls })]);
    legacyHost(answers);
    const outcome = await copyLegacyImages(
      new ImageWrites({ IMAGES: env.IMAGES }),
      (await getArtwork(database, "legacy-1"))!,
      ["old-blog.example"],
      { timeoutMs: 1000 },
    ).then((copied) =>
      "images" in copied
        ? copied.images.length
        : "message" in copied.problem
          ? copied.problem.message
          : "storage failed",
    );
    return { outcome, asked: outbound.requests().map((request) => request.url) };
  }
  const hop = (to: string) => () => new Response(null, { status: 302, headers: { Location: to } });

  it("follows up to three redirects within the old site's hosts, checking each", async () => {
    const { outcome, asked } = await copyWith(
      {
        [CLOUDINARY]: hop("https://res.cloudinary.com/amara/image/upload/v2/posts/harbour.jpg"),
        "https://res.cloudinary.com/amara/image/upload/v2/posts/harbour.jpg": hop("https://old-blog.example/h.jpg"),
        "https://old-blog.example/h.jpg": hop("/final.jpg"),
        "https://old-blog.example/final.jpg": () => new Response(TINY_JPEG),
      },
      [CLOUDINARY],
    );
    expect(outcome).toBe(1);
    expect(asked).toHaveLength(4);
  });

  it("refuses a fourth redirect, a redirect to another host, and any address that is not https, asking nothing more", async () => {
    const loop = await copyWith({ [CLOUDINARY]: hop(CLOUDINARY) }, [CLOUDINARY]);
    expect(loop.outcome).toBe("Image 1 of 1 could not be copied: the host redirected it too many times.");
    expect(loop.asked).toHaveLength(4);
    outbound.reset();

    const away = await copyWith({ [CLOUDINARY]: hop("https://169.254.169.254/latest/meta-data") }, [CLOUDINARY]);
    expect(away.outcome).toBe("Image 1 of 1 could not be copied: the host sent it elsewhere.");
    expect(away.asked).toEqual([CLOUDINARY]);
    outbound.reset();

    const plain = CLOUDINARY.replace("https:", "http:");
    const insecure = await copyWith({}, [plain]);
    expect(insecure.outcome).toBe(
      "Image 1 of 1 could not be copied: its address is not an https address of the old site.",
    );
    expect(insecure.asked).toEqual([]);
  });

  it("says the same for a refused connection and a host that never answers", async () => {
    const refused = await copyWith({ [CLOUDINARY]: () => HttpResponse.error() }, [CLOUDINARY]);
    outbound.reset();
    const silent = await copyWith({ [CLOUDINARY]: never }, [CLOUDINARY]);
    expect(refused.outcome).toBe("Image 1 of 1 could not be copied: the host could not be reached.");
    expect(silent.outcome).toBe(refused.outcome);
  });
});

describe("/migration-tool", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it("signed out: the sign-in form, and actions answer 401 changing nothing", async () => {
    expect(await (await fetchApp("/migration-tool")).text()).toContain("Admin Access");
    const before = JSON.stringify(await getArtwork(database, "legacy-1"));
    const response = await postForm("/migration-tool", { intent: "copy", artworkId: "legacy-1", step: "0" });
    expect(response.status).toBe(401);
    expect(JSON.stringify(await getArtwork(database, "legacy-1"))).toBe(before);
  });

  it("steps through artworks with legacy images: progress, the images, and the choices", async () => {
    const html = await (await fetchApp("/migration-tool", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Artwork 1 of 1");
    expect(html).toContain(CLOUDINARY);
    for (const text of ["Copy automatically", "Previous", "Skip", "Upload and Continue"]) expect(html).toContain(text);
    const end = await (await fetchApp("/migration-tool?step=1", { headers: { Cookie: cookie } })).text();
    expect(end).toContain("1 artwork still has legacy images (skipped).");
    expect(end).toContain('href="/dashboard"');
  });

  it("Upload and Continue needs at least one image, then replaces the legacy ones", async () => {
    const empty = new FormData();
    empty.set("artworkId", "legacy-1");
    empty.set("step", "0");
    empty.set("intent", "upload");
    const refused = await postMultipart("/migration-tool", empty, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please select at least one image.");

    const form = new FormData();
    form.set("artworkId", "legacy-1");
    form.set("step", "0");
    form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "harbour-new.jpg");
    form.set("intent", "upload");
    const response = await postMultipart("/migration-tool", form, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/migration-tool?step=0&migrated=legacy-1");
    const artwork = (await getArtwork(database, "legacy-1"))!;
    expect(artwork.imageUrls[0]).toBe("posts/1_kept.jpg");
    expect(artwork.imageUrls[1]).toMatch(/^posts\/\d+_harbour-new\.jpg$/);
    expect(artwork.imageUrls).toHaveLength(2);
    expect(artwork.originalCloudinaryUrls).toEqual([CLOUDINARY, FIREBASE]);

    const done = await (
      await fetchApp("/migration-tool?step=0&migrated=legacy-1", { headers: { Cookie: cookie } })
    ).text();
    expect(done).toContain("All images are in our storage");
  });

  it("an upload sent again after its answer was lost answers as the first did and stores nothing more", async () => {
    const upload = (name: string) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({ artworkId: "legacy-1", step: "0", intent: "save" }))
        form.set(field, value);
      form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), name);
      return postMultipart("/migration-tool", form, { Cookie: cookie });
    };
    const first = await upload("first.jpg");
    expect(first.headers.get("Location")).toBe("/migration-tool?step=0&migrated=legacy-1");
    const migrated = JSON.stringify(await getArtwork(database, "legacy-1"));
    const stored = await keys();

    const again = await upload("first.jpg");
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/migration-tool?step=0&already=legacy-1");
    const said = await (await fetchApp(again.headers.get("Location")!, { headers: { Cookie: cookie } })).text();
    expect(said).toContain("That artwork’s images were already in our storage; nothing more was stored.");
    expect(JSON.stringify(await getArtwork(database, "legacy-1"))).toBe(migrated);
    // The repeat's image and its copies were deleted again.
    expect(await keys()).toEqual(stored);

    // An artwork whose legacy images went by an edit, never migrated, is still refused.
    await env.DB.prepare(
      "update posts set image_urls = '[\"posts/1_modern.jpg\"]', migrated_at = null where id = 'legacy-1'",
    ).run();
    const refused = await upload("late.jpg");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("That artwork has no legacy images left to migrate.");
  });

  it("Copy automatically with the old host unreachable says so and leaves the artwork as it was", async () => {
    const before = [await keys(), JSON.stringify(await getArtwork(database, "legacy-1"))];
    outbound.use(http.get("*", () => HttpResponse.error()));
    const response = await postForm(
      "/migration-tool",
      { intent: "copy", artworkId: "legacy-1", step: "0" },
      { Cookie: cookie },
    );
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("Image 1 of 2 could not be copied: the host could not be reached.");
    expect([await keys(), JSON.stringify(await getArtwork(database, "legacy-1"))]).toEqual(before);
  });
});

describe("two saves of one artwork at once", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  /** The edit form adding one image, as the browser sends it. */
  function editAddingImage(filename: string): FormData {
    const form = new FormData();
    const fields = { intent: "save", title: "Harbour", description: "d", medium: "Oil", size: "A4", available: "yes" };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("categories", "oil");
    form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), filename);
    return form;
  }

  it("an edit saved while 'Copy automatically' is downloading is kept; the copy is refused and its objects deleted", async () => {
    const before = await keys();
    let downloading!: () => void;
    const started = new Promise<void>((resolve) => (downloading = resolve));
    let editSaved = false;
    outbound.use(
      http.get("*", async () => {
        downloading();
        // Holds the download until the edit has been saved.
        while (!editSaved) await new Promise((resolve) => setTimeout(resolve, 5));
        return new HttpResponse(TINY_JPEG);
      }),
    );
    try {
      // Sent from the test's own context (fetchWithEnv), so its answer can be read here after the edit's request.
      const copying = fetchWithEnv({}, "/migration-tool", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "copy", artworkId: "legacy-1", step: "0" }),
      }).then(({ response }) => response);
      await started;
      const edit = await postMultipart("/edit/legacy-1", editAddingImage("added-meanwhile.jpg"), { Cookie: cookie });
      expect(edit.status).toBe(200);
      editSaved = true;
      const response = await copying;
      expect(response.status).toBe(409);
      expect(await response.text()).toContain(CHANGED_WHILE_COPYING);
    } finally {
      // Also when an assertion failed: the held download must end for the file to finish.
      editSaved = true;
    }
    const artwork = (await getArtwork(database, "legacy-1"))!;
    expect(artwork.title).toBe("Harbour");
    expect(artwork.imageUrls.slice(0, 3)).toEqual(["posts/1_kept.jpg", CLOUDINARY, FIREBASE]);
    expect(artwork.imageUrls[3]).toMatch(/^posts\/\d+_added-meanwhile\.jpg$/);
    expect(artwork.migratedAt).toBeNull();
    // In R2: the edit's upload, and none of the copies.
    expect(await keys()).toEqual([...before, artwork.imageUrls[3]!].sort());
  });

  it("an edit read before the migration saved is refused: the copied images stay and the edit's uploads go", async () => {
    const readByEdit = (await getArtwork(database, "legacy-1"))!;
    const copies = [{ key: "posts/7_copied.jpg", copies: {} }];
    expect(await migrateArtwork(database, (await getArtwork(database, "legacy-1"))!, copies, [])).toBe("saved");

    let discarded = 0;
    const writes = new ImageWrites({ IMAGES: env.IMAGES });
    writes.discard = async () => void (discarded += 1);
    const received = { images: [{ key: "posts/8_uploaded.jpg", copies: {} }], writes };
    const input = {
      title: "Edited title",
      description: readByEdit.description,
      medium: readByEdit.medium,
      size: readByEdit.size,
      year: null,
      price: null,
      available: "yes" as const,
      categories: ["oil" as const],
      draft: false,
      featured: false,
      options: [],
      charity: "",
      share: null,
    };
    const outcome = await updateArtwork(
      database,
      env.IMAGES,
      publicCache,
      readByEdit,
      input,
      { removeImages: [], removeEvents: [] },
      received,
    );
    expect(outcome).toBe("changed");
    expect(discarded).toBe(1);
    expect((await getArtwork(database, "legacy-1"))!.imageUrls).toEqual(["posts/1_kept.jpg", "posts/7_copied.jpg"]);

    // Read again, the same edit is saved.
    const fresh = (await getArtwork(database, "legacy-1"))!;
    expect(
      await updateArtwork(
        database,
        env.IMAGES,
        publicCache,
        fresh,
        input,
        { removeImages: [], removeEvents: [] },
        received,
      ),
    ).toBe("saved");
    const saved = (await getArtwork(database, "legacy-1"))!;
    expect(saved.title).toBe("Edited title");
    expect(saved.imageUrls).toEqual(["posts/1_kept.jpg", "posts/7_copied.jpg", "posts/8_uploaded.jpg"]);
    expect(saved.migratedAt).not.toBeNull();
  });
});
