import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { CATEGORIES, type Category } from "~/artworks/categories";
import { thumbnailOf, type ImageVariants } from "~/images/references";
import { inCategory, published, shopOrder } from "~/artworks/queries.server";

/**
 * For each category, the image of its first published artwork in shop order (null when the category
 * has none). The
 * database picks one artwork per category, so the page reads six rows however large the collection is.
 */
export async function getCategoryCovers(database: Database): Promise<Record<Category, string | null>> {
  const category = sql`c.value`;
  const rows = await database.all<{ category: Category; cover: string | null }>(sql`
    select ${category} as category, (
      select json_array(json(${artworks.imageUrls}), json(${artworks.imageVariants})) from ${artworks}
      where ${published} and ${inCategory(category)} and json_array_length(${artworks.imageUrls}) > 0
      order by ${sql.join([...shopOrder], sql`, `)} limit 1
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
