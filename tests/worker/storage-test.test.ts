import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { imageOrigin } from "~/images/origin";
import { upsertArtworks } from "~/artworks/queries.server";
import { getStorageReport } from "~/legacy/storage-report.server";
import { signIn } from "./admin-helpers";
import { fetchApp, makeArtwork } from "./helpers";

const database = db(env);

describe("image origins", () => {
  it("tells our storage from the old site's hosts and from anything else", () => {
    expect(imageOrigin("posts/1_a.jpg")).toBe("storage");
    expect(imageOrigin("/images/posts/1_a.jpg")).toBe("storage");
    expect(imageOrigin("https://res.cloudinary.com/x/image/upload/a.jpg")).toBe("legacy");
    expect(imageOrigin("https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/a.jpg?alt=media")).toBe("legacy");
    expect(imageOrigin("https://x.appspot.com/a.jpg")).toBe("legacy");
    expect(imageOrigin("https://images.example.org/a.jpg")).toBe("other");
  });
});

describe("/storage-test", () => {
  beforeAll(async () => {
    await env.DB.prepare("delete from posts").run();
    const artworks = Array.from({ length: 12 }, (_, i) =>
      makeArtwork({
        id: `st-${String(i).padStart(2, "0")}`,
        // Newest first: st-11 ... st-02 are the ten checked; st-00 and st-01 are older and not counted.
        createdAt: `2026-01-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
        imageUrls:
          i % 3 === 0
            ? [`posts/1_st-${i}.jpg`, `https://res.cloudinary.com/demo/st-${i}.jpg`]
            : i % 3 === 1
              ? [`https://firebasestorage.googleapis.com/v0/b/demo/o/st-${i}.jpg?alt=media`]
              : [`/images/posts/1_st-${i}.jpg`, `https://images.example.org/st-${i}.jpg`],
      }),
    );
    await upsertArtworks(database, artworks);
  });

  it("counts the images of the ten newest artworks by origin, with six samples and a row per image", async () => {
    const report = await getStorageReport(database);
    expect(report.artworksChecked).toBe(10);
    // i = 2..11: i%3==0 -> 3,6,9 (1 storage + 1 legacy each); ==1 -> 4,7,10 (1 legacy); ==2 -> 2,5,8,11 (1 storage + 1 other)
    expect(report.counts).toEqual({ storage: 7, legacy: 6, other: 4 });
    expect(report.total).toBe(17);
    expect(report.samples).toHaveLength(6);
    expect(report.images[0]).toMatchObject({ artworkId: "st-11", origin: "storage", src: "/images/posts/1_st-11.jpg" });
  });

  it("is for the admin only", async () => {
    const signedOut = await (await fetchApp("/storage-test")).text();
    expect(signedOut).toContain("Admin Access");
    expect(signedOut).not.toContain("res.cloudinary.com");

    const html = await (await fetchApp("/storage-test", { headers: { Cookie: await signIn() } })).text();
    expect(html).toContain("Storage Test");
    expect(html).toContain("https://res.cloudinary.com/demo/st-9.jpg");
    expect(html).toMatch(/Legacy host<\/span><span class="storage-test__value">6</);
  });
});
