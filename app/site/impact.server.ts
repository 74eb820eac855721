// What her art has raised, for the public impact page and the About page's line: what she has given to
// each charity and in each year, beside what recorded sales pledged, never added together; and the
// works whose sales pledged it. One batch: one round trip to D1.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { charities, donations } from "~/charities/schema";
import { givenTo } from "~/charities/queries.server";
import { sales } from "~/sales/schema";
import { pledgedTo, pledging } from "~/sales/pledges.server";
import { thumbnailOf, type CopiesByImage } from "~/images/references";

/** The works a page shows, the latest sold first: enough for a page of cards, never the whole record. */
export const IMPACT_WORKS_MAX = 24;

export async function impactFigures(database: Database) {
  const year = (day: SQL) => sql<string>`substr(${day}, 1, 4)`;
  const [perCharity, perYear, works] = await database.batch([
    database
      .select({
        id: charities.id,
        name: charities.name,
        number: charities.number,
        website: charities.website,
        about: charities.about,
        given: givenTo(sql`${charities.id}`),
        pledged: pledgedTo(sql`${charities.id}`),
      })
      .from(charities)
      .orderBy(desc(charities.isDefault), asc(charities.name)),
    database.all<{ year: string; given: number; pledged: number }>(sql`
      select year, sum(given) as given, sum(pledged) as pledged from (
        select ${year(sql`${donations.givenOn}`)} as year, ${donations.amountPence} as given, 0 as pledged from ${donations}
        union all
        select ${year(sql`${sales.soldOn}`)}, 0, ${sales.pledgePence} from ${sales} where ${pledging}
      ) group by year order by year desc`),
    database
      .select({
        artworkId: sales.artworkId,
        title: sql<string>`max(${sales.artworkTitle})`,
        pledged: sql<number>`sum(${sales.pledgePence})`.mapWith(Number),
        lastSold: sql<string>`max(${sales.soldOn})`,
        // Its picture and page while it is published; a deleted or draft work is named only.
        published: sql<number>`max(${artworks.draft} = 0)`.mapWith(Boolean),
        imageUrls: artworks.imageUrls,
        imageCopies: artworks.imageCopies,
      })
      .from(sales)
      .leftJoin(artworks, eq(artworks.id, sales.artworkId))
      .where(and(pledging, sql`${sales.pledgePence} > 0`))
      .groupBy(sales.artworkId)
      .orderBy(desc(sql`max(${sales.soldOn})`), asc(sales.artworkId))
      .limit(IMPACT_WORKS_MAX),
  ]);
  return {
    given: perCharity.reduce((sum, charity) => sum + charity.given, 0),
    pledged: perCharity.reduce((sum, charity) => sum + charity.pledged, 0),
    /** Since the first year anything was given or pledged; null before. */
    since: perYear.at(-1)?.year ?? null,
    charities: perCharity,
    years: perYear.map((row) => ({ year: row.year, given: Number(row.given), pledged: Number(row.pledged) })),
    works: works.map(({ imageUrls, imageCopies, published, ...work }) => ({
      ...work,
      image: published && imageUrls?.[0] ? thumbnailOf(imageUrls[0], (imageCopies ?? {}) as CopiesByImage) : null,
      published,
    })),
  };
}

export type ImpactFigures = Awaited<ReturnType<typeof impactFigures>>;
