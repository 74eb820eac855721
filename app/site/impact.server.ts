// What her art has raised, for the public impact page and the About page's line: what she has given to
// each charity and in each year, beside what recorded sales pledged, never added together; and the
// works whose sales pledged it. One batch of two statements: one round trip to D1.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { charities, donations } from "~/charities/schema";
import { sales } from "~/sales/schema";
import { pledging } from "~/sales/pledges.server";
import { thumbnailOf, type CopiesByImage } from "~/images/references";

/** The works a page shows, the latest sold first: enough for a page of cards, never the whole record. */
export const IMPACT_WORKS_MAX = 24;

/** One charity's figures for one year (a charity with none has one row of nulls). */
type CharityYear = {
  id: string;
  name: string;
  number: string;
  website: string | null;
  about: string | null;
  year: string | null;
  given: number | null;
  pledged: number | null;
};

export async function impactFigures(database: Database) {
  const year = (day: SQL) => sql<string>`substr(${day}, 1, 4)`;
  // Two statements in one batch (the bench's budget: at most two a page): each charity's given and pledged
  // by year, from which the totals, the charities and the years are added up here; and the works.
  const [charityYears, works] = await database.batch([
    database.all<CharityYear>(sql`
      select ${charities.id} as id, ${charities.name} as name, ${charities.number} as number,
        ${charities.website} as website, ${charities.about} as about, amounts.year as year,
        amounts.given as given, amounts.pledged as pledged
      from ${charities} left join (
        select charity_id, year, sum(given) as given, sum(pledged) as pledged from (
          select ${donations.charityId} as charity_id, ${year(sql`${donations.givenOn}`)} as year,
            ${donations.amountPence} as given, 0 as pledged from ${donations}
          union all
          select ${sales.charityId}, ${year(sql`${sales.soldOn}`)}, 0, ${sales.pledgePence} from ${sales} where ${pledging}
        ) group by charity_id, year
      ) as amounts on amounts.charity_id = ${charities.id}
      order by ${charities.isDefault} desc, ${charities.name} asc, amounts.year desc`),
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
  const perCharity = new Map<string, Omit<CharityYear, "year"> & { given: number; pledged: number }>();
  const perYear = new Map<string, { year: string; given: number; pledged: number }>();
  for (const row of charityYears) {
    const given = Number(row.given ?? 0);
    const pledged = Number(row.pledged ?? 0);
    const charity = perCharity.get(row.id) ?? { ...row, given: 0, pledged: 0 };
    perCharity.set(row.id, { ...charity, given: charity.given + given, pledged: charity.pledged + pledged });
    if (row.year === null) continue;
    const inYear = perYear.get(row.year) ?? { year: row.year, given: 0, pledged: 0 };
    perYear.set(row.year, { year: row.year, given: inYear.given + given, pledged: inYear.pledged + pledged });
  }
  const years = [...perYear.values()].sort((a, b) => b.year.localeCompare(a.year));
  const charityList = [...perCharity.values()].map(({ id, name, number, website, about, given, pledged }) => ({
    id,
    name,
    number,
    website,
    about,
    given,
    pledged,
  }));
  return {
    given: charityList.reduce((sum, charity) => sum + charity.given, 0),
    pledged: charityList.reduce((sum, charity) => sum + charity.pledged, 0),
    /** Since the first year anything was given or pledged; null before. */
    since: years.at(-1)?.year ?? null,
    charities: charityList,
    years,
    works: works.map(({ imageUrls, imageCopies, published, ...work }) => ({
      ...work,
      image: published && imageUrls?.[0] ? thumbnailOf(imageUrls[0], (imageCopies ?? {}) as CopiesByImage) : null,
      published,
    })),
  };
}

export type ImpactFigures = Awaited<ReturnType<typeof impactFigures>>;
