import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { CATEGORIES, type Category } from "~/artworks/categories";
import { thumbnailOf, type CopiesByImage } from "~/images/references";
import { inCategory, published, shopOrder } from "~/artworks/queries.server";
import { portraitKey } from "./settings.server";
import { donations } from "~/charities/schema";

type CoverRow = { category: Category; cover: string | null; portrait: string | null; given: number };

/**
 * For each category, the image of its first published artwork in shop order, and on every row the
 * portrait's key when it is recorded. The database picks one artwork per category, so the page reads six
 * rows however large the collection is.
 */
function aboutQuery(database: Database) {
  const category = sql`c.value`;
  return database.all<CoverRow>(sql`
    select ${category} as category, (
      select json_array(json(${artworks.imageUrls}), json(${artworks.imageCopies})) from ${artworks}
      where ${published} and ${inCategory(category)} and json_array_length(${artworks.imageUrls}) > 0
      order by ${sql.join([...shopOrder], sql`, `)} limit 1
    ) as cover, ${portraitKey} as portrait,
    (select coalesce(sum(${donations.amountPence}), 0) from ${donations}) as given
    from json_each(${JSON.stringify(CATEGORIES)}) as c`);
}

function coversOf(rows: CoverRow[]): Record<Category, string | null> {
  const covers = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, string | null>;
  for (const row of rows) {
    if (!row.cover) continue;
    const [imageUrls, imageCopies] = JSON.parse(row.cover) as [string[], CopiesByImage | null];
    covers[row.category] = thumbnailOf(imageUrls[0]!, imageCopies ?? {});
  }
  return covers;
}

/**
 * What the about page shows: each category's cover (null when it has none), whether there is a portrait,
 * and what she has given to charity in all (pence).
 */
export async function getAboutPageData(database: Database) {
  // One statement, and no R2 call: the portrait's presence is recorded in D1 (settings.server.ts).
  const rows = await aboutQuery(database);
  return {
    covers: coversOf(rows),
    hasPortrait: rows.some((row) => row.portrait !== null),
    given: Number(rows[0]?.given ?? 0),
  };
}
