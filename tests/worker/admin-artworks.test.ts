import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { EDITED_ELSEWHERE } from "~/artworks/save.server";
import { CREATE_ARTWORK_REQUIRED, EDIT_ARTWORK_REQUIRED } from "~/artworks/form";
import { upsertEvents } from "~/events/queries.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { artworkForm, jpeg, postForm, postMultipart, signIn } from "./admin-helpers";
import { fetchWithEnv, racingD1 } from "./faults-helpers";
import { fetchApp, makeArtwork, TINY_JPEG, webpOfWidth } from "./helpers";
import { snapshotStorage } from "./storage-snapshot";

const database = db(env);
let cookie: string;

const fields = {
  title: "Harbour Lights",
  description: "Boats at dusk.",
  medium: "Oil on canvas",
  size: "50 x 40 cm",
  price: "  450 ",
  available: "yes",
};

async function storedKeys(): Promise<string[]> {
  const listing = await env.IMAGES.list({ prefix: "posts/" });
  return listing.objects.map((object) => object.key).sort();
}

beforeAll(async () => {
  cookie = await signIn();
});

describe("/createPost", () => {
  it("signed out, asks for the passkey; a wrong one with images is refused with the spec's message and stores nothing", async () => {
    expect(await (await fetchApp("/createPost")).text()).toContain("Passkey");
    const before = await storedKeys();
    const response = await postMultipart(
      "/createPost",
      artworkForm({ passkey: "wrong", intent: "save", ...fields }, ["oil"], [jpeg("a.jpg")]),
    );
    expect(response.status).toBe(401);
    const html = await response.text();
    // The message sits next to the Passkey field, tied to it for screen readers.
    expect(html).toMatch(
      /<input[^>]*name="passkey"[^>]*aria-invalid="true" aria-describedby="([^"]+)"[^>]*\/><p id="\1" class="field__error">Invalid passkey\. You are not authorized to create posts\.<\/p>/,
    );
    // What was typed comes back (never the passkey).
    expect(html).toContain('value="Harbour Lights"');
    expect(html).not.toContain('value="wrong"');
    expect(await storedKeys()).toEqual(before);
  });

  it("creates an artwork with two images and their browser-made copies, stored in R2 under posts/{timestamp}_{name}", async () => {
    const form = artworkForm(
      { intent: "save", ...fields },
      ["acrylic", "oil"],
      [
        jpeg("Harbour Lights (1).jpg"),
        ["display-0", new Blob([webpOfWidth(1600)], { type: "image/webp" }), "display-0.webp"],
        ["medium-0", new Blob([webpOfWidth(800)], { type: "image/webp" }), "medium-0.webp"],
        ["thumbnail-0", new Blob([webpOfWidth(480)], { type: "image/webp" }), "thumbnail-0.webp"],
        jpeg("second.jpg"),
      ],
    );
    const response = await postMultipart("/createPost", form, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=artwork-created");

    const row = await env.DB.prepare("select id from posts where title = ?")
      .bind("Harbour Lights")
      .first<{ id: string }>();
    const artwork = (await getArtwork(database, row!.id))!;
    expect(artwork.categories).toEqual(["acrylic", "oil"]);
    expect(artwork.category).toBe("acrylic");
    expect(artwork.price).toBe("450");
    expect(artwork.available).toBe("yes");
    expect(artwork.imageUrls).toHaveLength(2);
    expect(artwork.imageUrls[0]).toMatch(/^posts\/\d{13}_Harbour-Lights-1\.jpg$/);
    expect(artwork.imageUrls[1]).toMatch(/^posts\/\d{13}_second\.jpg$/);
    const copies = artwork.imageCopies[artwork.imageUrls[0]!]!;
    expect(copies.display?.width).toBe(1600);
    expect(copies.medium?.width).toBe(800);
    expect(copies.thumbnail?.width).toBe(480);
    expect(artwork.imageCopies[artwork.imageUrls[1]!]).toBeUndefined();

    const original = await env.IMAGES.head(artwork.imageUrls[0]!);
    expect(original?.httpMetadata?.contentType).toBe("image/jpeg");
    expect((await env.IMAGES.head(copies.thumbnail!.key))?.httpMetadata?.contentType).toBe("image/webp");

    // The shop card shows the thumbnail; the artwork page offers every copy in a srcset.
    const shop = await (await fetchApp("/gallery?category=acrylic")).text();
    expect(shop).toContain(`/images/${copies.thumbnail!.key.split("/").map(encodeURIComponent).join("/")}`);
    const page = await (await fetchApp(`/post/${artwork.id}`)).text();
    expect(page).toMatch(/srcSet="[^"]*480w, [^"]*800w, [^"]*1600w"/);
  });

  it("stores a create form sent twice once: the second sending (its answer lost, then sent again) keeps nothing", async () => {
    const submission = "Resent0000Submission";
    const form = () =>
      artworkForm({ intent: "save", submission, ...fields, title: "Sent Twice" }, ["oil"], [jpeg("twice.jpg")]);
    const first = await postMultipart("/createPost", form(), { Cookie: cookie });
    expect(first.headers.get("Location")).toBe("/dashboard?notice=artwork-created");
    const before = await snapshotStorage();

    const again = await postMultipart("/createPost", form(), { Cookie: cookie });
    // Answered as the first was, and nothing more is stored: no second artwork, the images sent again deleted.
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/dashboard?notice=artwork-created");
    expect(await snapshotStorage()).toBe(before);
    const rows = await env.DB.prepare("select id from posts where title = ?").bind("Sent Twice").all();
    expect(rows.results).toEqual([{ id: submission }]);
  });

  it("keeps a blank price as null and defaults a missing availability to available", async () => {
    const { available: _, ...rest } = fields;
    const form = artworkForm(
      { intent: "save", ...rest, title: "No Price", price: "   " },
      ["custom"],
      [jpeg("np.jpg")],
    );
    expect((await postMultipart("/createPost", form, { Cookie: cookie })).status).toBe(302);
    const row = await env.DB.prepare("select price, available, category from posts where title = 'No Price'").first();
    expect(row).toEqual({ price: null, available: "yes", category: "custom" });
  });

  it("refuses an image over 15 MB and stores nothing", async () => {
    const keys = await storedKeys();
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set(TINY_JPEG);
    const form = artworkForm(
      { intent: "save", ...fields },
      ["oil"],
      [jpeg("ok.jpg"), ["images", new Blob([big]), "huge.jpg"]],
    );
    const response = await postMultipart("/createPost", form, { Cookie: cookie });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Image 2 is larger than 15 MB. Please choose a smaller image.");
    expect(await storedKeys()).toEqual(keys);
  });

  it("refuses 21 images and stores nothing", async () => {
    const keys = await storedKeys();
    const files = Array.from({ length: 21 }, (_, i) => jpeg(`many-${i}.jpg`));
    const response = await postMultipart("/createPost", artworkForm({ intent: "save", ...fields }, ["oil"], files), {
      Cookie: cookie,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("An artwork can hold at most 20 images.");
    expect(await storedKeys()).toEqual(keys);
  });

  it("answers missing fields and a missing image with the spec's messages, keeping what was typed", async () => {
    const keys = await storedKeys();
    const form = artworkForm({ intent: "save", ...fields, medium: "  " }, ["oil"], [jpeg("kept.jpg")]);
    const response = await postMultipart("/createPost", form, { Cookie: cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(CREATE_ARTWORK_REQUIRED);
    expect(html).toContain("Harbour Lights");
    expect(await storedKeys()).toEqual(keys);

    const noImage = await postMultipart("/createPost", artworkForm({ intent: "save", ...fields }, ["oil"]), {
      Cookie: cookie,
    });
    expect(noImage.status).toBe(400);
    expect(await noImage.text()).toContain("Please upload at least one image.");

    const noCategory = await postMultipart(
      "/createPost",
      artworkForm({ intent: "save", ...fields }, [], [jpeg("c.jpg")]),
      {
        Cookie: cookie,
      },
    );
    expect(await noCategory.text()).toContain(CREATE_ARTWORK_REQUIRED);
    const unknown = await postMultipart(
      "/createPost",
      artworkForm({ intent: "save", ...fields }, ["oil", "pastel"], [jpeg("c.jpg")]),
      {
        Cookie: cookie,
      },
    );
    expect(await unknown.text()).toContain("Please choose categories from the list.");

    // Only a hand-made request can send another availability; the select says why it was refused.
    const odd = await postMultipart(
      "/createPost",
      artworkForm({ intent: "save", ...fields, available: "maybe" }, ["oil"], [jpeg("c.jpg")]),
      { Cookie: cookie },
    );
    expect(odd.status).toBe(400);
    const oddHtml = await odd.text();
    const select = oddHtml.match(/<select[^>]*name="available"[^>]*>/)?.[0] ?? "";
    expect(select).toContain('aria-invalid="true"');
    const describedBy = select.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(oddHtml).toContain(`id="${describedBy}" class="field__error">Please choose Available or Sold.</p>`);
    expect(await storedKeys()).toEqual(keys);
  });
});

describe("/edit/:id", () => {
  const id = "edit-me";
  const images = ["posts/100_first.jpg", "posts/100_second.jpg"];

  beforeEach(async () => {
    for (const key of [
      ...images,
      "posts/100_first.thumbnail.webp",
      "posts/100_first.medium.webp",
      "posts/100_shared.jpg",
    ]) {
      await env.IMAGES.put(key, TINY_JPEG);
    }
    await upsertArtworks(database, [
      makeArtwork({
        id,
        imageUrls: images,
        imageCopies: {
          [images[0]!]: {
            thumbnail: { key: "posts/100_first.thumbnail.webp", width: 480 },
            medium: { key: "posts/100_first.medium.webp", width: 800 },
          },
        },
        events: ["ev-a", "Old Fair"],
      }),
      makeArtwork({ id: "shares-an-image", imageUrls: ["posts/100_shared.jpg"] }),
    ]);
    await upsertEvents(database, [
      { id: "ev-a", name: "Leeds Art Fair", description: "d", date: "2027-04-04" },
      { id: "ev-unlinked", name: "Unlinked Show", description: "d", date: "2027-04-05" },
    ]);
  });

  it("shows the artwork with its images, events and the Passkey field for a signed-out visitor", async () => {
    const html = await (await fetchApp(`/edit/${id}`)).text();
    expect(html).toContain("Passkey");
    expect(html).toContain("Update Post");
    expect(html).toContain("Delete Post");
    expect(html).toContain("/images/posts/100_first.thumbnail.webp");
    // Linked events by name: one stored by id, an older one by its name; the others are not listed.
    expect(html).toContain("Leeds Art Fair");
    expect(html).not.toContain("ev-a<");
    expect(html).toContain("Old Fair");
    expect(html).not.toContain("Unlinked Show");
  });

  it("sends an unknown artwork back to the dashboard with 'Post not found'", async () => {
    const response = await fetchApp("/edit/nope", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=artwork-not-found");
    const dashboard = await (
      await fetchApp("/dashboard?notice=artwork-not-found", { headers: { Cookie: cookie } })
    ).text();
    expect(dashboard).toContain("Post not found");
  });

  it("updates fields, removes an image with its copy from R2, adds one and takes an event off", async () => {
    const form = artworkForm(
      { intent: "save", ...fields, available: "no", price: "", removeImage: images[0]!, removeEvent: "Old Fair" },
      ["watercolor"],
      [jpeg("third.jpg")],
    );
    const response = await postMultipart(`/edit/${id}`, form, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Post updated successfully!");

    const artwork = (await getArtwork(database, id))!;
    expect(artwork.title).toBe("Harbour Lights");
    expect(artwork.available).toBe("no");
    expect(artwork.price).toBeNull();
    expect(artwork.category).toBe("watercolor");
    expect(artwork.imageUrls[0]).toBe(images[1]);
    expect(artwork.imageUrls[1]).toMatch(/^posts\/\d{13}_third\.jpg$/);
    expect(artwork.imageCopies).toEqual({});
    expect(artwork.events).toEqual(["ev-a"]);
    expect(await env.IMAGES.head(images[0]!)).toBeNull();
    expect(await env.IMAGES.head("posts/100_first.thumbnail.webp")).toBeNull();
    expect(await env.IMAGES.head("posts/100_first.medium.webp")).toBeNull();
    expect(await env.IMAGES.head(images[1]!)).not.toBeNull();
    expect(await env.IMAGES.head(artwork.imageUrls[1]!)).not.toBeNull();

    const page = await (await fetchApp(`/post/${id}`)).text();
    expect(page).toContain("SOLD");
  });

  it("the year it was made: saved from the form, shown on its page and its edit form; too long refused; blank leaves it out", async () => {
    const save = (year: string) =>
      postMultipart(`/edit/${id}`, artworkForm({ intent: "save", ...fields, year }, ["oil"], []), { Cookie: cookie });
    expect((await save(" c. 2019 ")).status).toBe(200);
    expect((await getArtwork(database, id))!.year).toBe("c. 2019");
    expect(await (await fetchApp(`/post/${id}`)).text()).toContain("<dt>Year</dt><dd>c. 2019</dd>");
    expect(await (await fetchApp(`/edit/${id}`, { headers: { Cookie: cookie } })).text()).toMatch(
      /<input[^>]*name="year"[^>]*value="c\. 2019"/,
    );

    const tooLong = await save("x".repeat(31));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("The year can be at most 30 characters.");
    expect((await getArtwork(database, id))!.year).toBe("c. 2019");

    expect((await save("   ")).status).toBe(200);
    expect((await getArtwork(database, id))!.year).toBeNull();
    expect(await (await fetchApp(`/post/${id}`)).text()).not.toContain("<dt>Year</dt>");
  });

  it("refuses to leave an artwork with no image, and the edit form's required-field message", async () => {
    const noImages = artworkForm({ intent: "save", ...fields, removeImage: images[0]! }, ["oil"]);
    noImages.append("removeImage", images[1]!);
    const response = await postMultipart(`/edit/${id}`, noImages, { Cookie: cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please upload at least one image.");
    expect((await getArtwork(database, id))!.imageUrls).toEqual(images);
    expect(await env.IMAGES.head(images[0]!)).not.toBeNull();

    const blank = await postMultipart(`/edit/${id}`, artworkForm({ intent: "save", ...fields, title: "" }, ["oil"]), {
      Cookie: cookie,
    });
    expect(await blank.text()).toContain(EDIT_ARTWORK_REQUIRED);
  });

  it("refuses an edit when another save of the artwork lands between reading and writing it, keeping that save", async () => {
    const keys = await storedKeys();
    // Another tab saves just before this edit's UPDATE runs.
    const meanwhile = () =>
      env.DB.prepare("update posts set title = 'Renamed Meanwhile', updated_at = ? where id = ?")
        .bind(new Date().toISOString(), id)
        .run();
    const { response } = await fetchWithEnv({ DB: racingD1(env.DB, /^update "posts"/i, meanwhile) }, `/edit/${id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: artworkForm({ intent: "save", ...fields, title: "My Edit" }, ["oil"], [jpeg("late.jpg")]),
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(EDITED_ELSEWHERE);
    expect(html).toContain('value="My Edit"');
    const artwork = (await getArtwork(database, id))!;
    expect(artwork.title).toBe("Renamed Meanwhile");
    expect(artwork.imageUrls).toEqual(images);
    // The edit's upload is gone again.
    expect(await storedKeys()).toEqual(keys);
  });

  it("refuses an edit form sent twice, or from a page loaded before the artwork was marked sold, by its version", async () => {
    const versionOf = async () =>
      /name="version" value="([^"]*)"/.exec(
        await (await fetchApp(`/edit/${id}`, { headers: { Cookie: cookie } })).text(),
      )?.[1];
    const version = await versionOf();
    expect(version).toBeDefined();
    const edit = () =>
      artworkForm(
        { intent: "save", version: version!, ...fields, title: "Sent Twice Edit" },
        ["oil"],
        [jpeg("once.jpg")],
      );
    expect((await postMultipart(`/edit/${id}`, edit(), { Cookie: cookie })).status).toBe(200);
    const once = (await getArtwork(database, id))!.imageUrls;
    const keys = await storedKeys();

    // Its answer lost, the same form again: refused, its image not added a second time.
    const again = await postMultipart(`/edit/${id}`, edit(), { Cookie: cookie });
    expect(again.status).toBe(409);
    expect((await getArtwork(database, id))!.imageUrls).toEqual(once);
    expect(await storedKeys()).toEqual(keys);

    // A page loaded before Mark sold does not quietly make the work available again.
    const stale = await versionOf();
    expect((await postForm("/dashboard", { intent: "mark-sold", id }, { Cookie: cookie })).status).toBe(200);
    const late = artworkForm({ intent: "save", version: stale!, ...fields, available: "yes" }, ["oil"]);
    expect((await postMultipart(`/edit/${id}`, late, { Cookie: cookie })).status).toBe(409);
    expect((await getArtwork(database, id))!.available).toBe("no");
  });

  it("refuses a wrong passkey with the edit form's message and changes nothing", async () => {
    const before = JSON.stringify(await getArtwork(database, id));
    const response = await postMultipart(`/edit/${id}`, artworkForm({ passkey: "bad", intent: "save", ...fields }));
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid passkey. You are not authorized to edit this post.");
    expect(JSON.stringify(await getArtwork(database, id))).toBe(before);
  });

  it("deletes the artwork and its images from R2, but not an image another artwork still shows", async () => {
    await upsertArtworks(database, [makeArtwork({ id, imageUrls: [...images, "posts/100_shared.jpg"] })]);
    const response = await postMultipart(`/edit/${id}`, artworkForm({ intent: "delete" }, []), { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=artwork-deleted");
    expect(await getArtwork(database, id)).toBeUndefined();
    expect(await env.IMAGES.head(images[0]!)).toBeNull();
    expect(await env.IMAGES.head(images[1]!)).toBeNull();
    expect(await env.IMAGES.head("posts/100_shared.jpg")).not.toBeNull();
  });
});

describe("reading the form before the sender is known", () => {
  it("reads no more than the first 64 KB for the Passkey field without a session, then refuses (nothing stored)", async () => {
    const form = new FormData();
    for (let i = 0; i < 8; i++) form.append(`field${i}`, "x".repeat(60 * 1024));
    form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "late.jpg");
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        const chunk = bytes.subarray(pulled, pulled + 8 * 1024);
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const before = await storedKeys();
    const response = await fetchApp("/createPost", {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://localhost", "Content-Type": encoded.headers.get("Content-Type")! },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("You are not signed in.");
    expect(bytes.length).toBeGreaterThan(480 * 1024);
    expect(pulled).toBeLessThan(128 * 1024);
    expect(await storedKeys()).toEqual(before);
  });
});
