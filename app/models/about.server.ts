import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { CATEGORIES, type Category } from "~/lib/categories";
import { thumbnailOf, type ImageVariants } from "~/lib/images";
import { inCategory } from "~/models/posts.server";

/**
 * For each category, the image of its newest artwork (null when the category is still empty). The
 * database picks one post per category, so the page reads six rows however large the collection is.
 */
export async function getCategoryCovers(database: Database): Promise<Record<Category, string | null>> {
  const category = sql`c.value`;
  const rows = await database.all<{ category: Category; cover: string | null }>(sql`
    select ${category} as category, (
      select json_array(json(${posts.imageUrls}), json(${posts.imageVariants})) from ${posts}
      where ${inCategory(category)} and json_array_length(${posts.imageUrls}) > 0
      order by ${posts.createdAt} desc, ${posts.id} desc limit 1
    ) as cover
    from json_each(${JSON.stringify(CATEGORIES)}) as c`);
  const covers = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, string | null>;
  for (const row of rows) {
    if (!row.cover) continue;
    const [imageUrls, imageVariants] = JSON.parse(row.cover) as [string[], ImageVariants | null];
    covers[row.category] = thumbnailOf(imageUrls[0]!, imageVariants ?? {});
  }
  return covers;
}
