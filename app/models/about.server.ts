import type { Database } from "~/db/client.server";
import { CATEGORIES, categoriesOf, type Category } from "~/lib/categories";
import { thumbnailOf } from "~/lib/images";
import { listPosts } from "~/models/posts.server";

/** For each category, the image of its newest artwork (null when the category is still empty). */
export async function getCategoryCovers(database: Database): Promise<Record<Category, string | null>> {
  const covers = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, string | null>;
  for (const post of await listPosts(database)) {
    const first = post.imageUrls[0];
    if (!first) continue;
    const image = thumbnailOf(first, post.imageVariants);
    for (const category of categoriesOf(post)) covers[category] ??= image;
  }
  return covers;
}
