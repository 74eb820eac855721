import type { Database } from "~/db/client.server";
import { imageOrigin, type ImageOrigin } from "~/lib/image-origin";
import { imageSrc } from "~/lib/images";
import { postsWithLegacyImages } from "~/legacy/migration.server";
import { listPosts } from "~/models/posts.server";

export const POSTS_CHECKED = 10;
export const SAMPLES = 6;

/** Spec §2 /storage-test: the first 10 posts' images counted by origin, 6 samples and one row per image. */
export async function getStorageReport(database: Database, legacyHosts: readonly string[] = []) {
  const [posts, stillLegacy] = await Promise.all([
    listPosts(database, { limit: POSTS_CHECKED }),
    postsWithLegacyImages(database, legacyHosts),
  ]);
  const images = posts.flatMap((post) =>
    post.imageUrls.map((stored) => ({
      postId: post.id,
      postTitle: post.title,
      stored,
      src: imageSrc(stored),
      origin: imageOrigin(stored, legacyHosts),
    })),
  );
  const counts: Record<ImageOrigin, number> = { storage: 0, legacy: 0, other: 0 };
  for (const image of images) counts[image.origin]++;
  return {
    postsChecked: posts.length,
    total: images.length,
    counts,
    samples: images.slice(0, SAMPLES),
    images,
    // Across the whole collection, not only the ten checked: what the migration tool has left to do.
    legacyPostsInAll: stillLegacy.length,
  };
}
