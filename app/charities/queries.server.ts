// The charities she supports: listed on the settings screen, named by artworks and fixed by sales.
import { asc, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { isConstraintError } from "~/platform/constraint";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import { now } from "~/platform/columns";
import type { PublicCache } from "~/public-cache/purge.server";
import { CHARITIES_TAG } from "~/public-cache/tags";
import { charities, donations, type Charity, type Donation } from "~/charities/schema";
import type { CharityInput, DonationInput } from "~/charities/form";
import { pledgeOf, shareOnly, type CharityShare, type Share } from "~/charities/share";
import type { CharityChoice } from "~/charities/ShareFields";

/** The charities, the default first, then by name. */
export async function listCharities(database: Database): Promise<Charity[]> {
  return database.select().from(charities).orderBy(desc(charities.isDefault), asc(charities.name)).all();
}

export async function getCharity(database: Database, id: string): Promise<Charity | undefined> {
  return database.select().from(charities).where(eq(charities.id, id)).get();
}

export type CharitySave = { saved: true; id: string } | { saved: false; refusal: "missing" | "number-taken" };

/**
 * Adds a charity (`id` null) or changes one, in one batch: made the default, it takes the place of the
 * one that was (the partial unique index allows only one). The pages that name charities are purged.
 */
export async function saveCharity(
  database: Database,
  publicCache: PublicCache,
  id: string | null,
  input: CharityInput,
): Promise<CharitySave> {
  const charityId = id ?? newId();
  const clearDefault = database
    .update(charities)
    .set({ isDefault: false })
    .where(sql`${charities.isDefault} = 1 and ${charities.id} <> ${charityId}`);
  const write =
    id !== null
      ? database
          .update(charities)
          .set({ ...input, updatedAt: now })
          .where(eq(charities.id, id))
          .returning({ id: charities.id })
      : database
          .insert(charities)
          .values({ id: charityId, ...input })
          .returning({ id: charities.id });
  try {
    const [, written] = input.isDefault ? await database.batch([clearDefault, write]) : [null, await write];
    if (written.length === 0) return { saved: false, refusal: "missing" };
  } catch (error) {
    if (isConstraintError(error, /UNIQUE constraint failed: charities\.number/))
      return { saved: false, refusal: "number-taken" };
    throw error;
  }
  await publicCache.purge([CHARITIES_TAG]);
  return { saved: true, id: charityId };
}

/** Deletes a charity, and purges the pages that named it; "pledged" while a sale pledges to it (its record keeps it). */
export async function deleteCharity(
  database: Database,
  publicCache: PublicCache,
  id: string,
): Promise<"deleted" | "missing" | "pledged"> {
  try {
    const deleted = await database.delete(charities).where(eq(charities.id, id)).returning({ id: charities.id });
    if (deleted.length === 0) return "missing";
    await publicCache.purge([CHARITIES_TAG]);
    return "deleted";
  } catch (error) {
    if (isConstraintError(error, /FOREIGN KEY constraint failed/)) return "pledged";
    throw error;
  }
}

/**
 * The charity a share names, as a column of the row a page reads anyway (an artwork's), so its page
 * says whom the sale supports in its one statement; null when it names none, or one since deleted.
 */
export function charityColumn(charityId: SQL) {
  return sql<{
    name: string;
    number: string;
  } | null>`(select json_object('name', ${charities.name}, 'number', ${charities.number})
    from ${charities} where ${charities.id} = ${charityId})`.mapWith((json: string | null) =>
    json === null ? null : (JSON.parse(json) as { name: string; number: string }),
  );
}

/**
 * What a sale at `pricePence` fixes of an artwork's `share` (app/sales/record.server.ts): the charity, the
 * share and the pledge, as values of the sale's own insert; all null when it names no charity, or one
 * deleted since the artwork was read.
 */
export function pledgeValues(share: CharityShare | null, pricePence: number | null) {
  if (!share) return { charityId: null, charityShare: null, pledgePence: null };
  const named = sql`exists (select 1 from ${charities} where ${charities.id} = ${share.charityId})`;
  return {
    charityId: sql`case when ${named} then ${share.charityId} end`,
    charityShare: sql`case when ${named} then ${JSON.stringify(shareOnly(share))} end`,
    pledgePence: pricePence === null ? null : sql`case when ${named} then ${pledgeOf(share, pricePence)} end`,
  };
}

/**
 * What an artwork's form offers (app/charities/ShareFields.tsx): the charities, and what a new artwork
 * starts from (the default charity with its usual share; none without a default).
 */
export async function charityChoices(
  database: Database,
): Promise<{ choices: CharityChoice[]; newShare: { charity: string; share: Share | null } }> {
  const rows = await database
    .select({
      id: charities.id,
      name: charities.name,
      isDefault: charities.isDefault,
      usualShare: charities.usualShare,
    })
    .from(charities)
    .orderBy(desc(charities.isDefault), asc(charities.name))
    .all();
  const chosen = rows.find((row) => row.isDefault);
  return {
    choices: rows.map(({ id, name }) => ({ id, name })),
    newShare: { charity: chosen?.id ?? "", share: chosen?.usualShare ?? null },
  };
}

/** Records a donation under its submission id (sent twice, recorded once), and purges the pages that total them. */
export async function recordDonation(
  database: Database,
  publicCache: PublicCache,
  id: string,
  input: DonationInput,
): Promise<"recorded" | "missing"> {
  try {
    await database
      .insert(donations)
      .values({
        id,
        charityId: input.charity,
        amountPence: input.amount,
        givenOn: input.givenOn,
        reference: input.reference,
      })
      .onConflictDoNothing({ target: donations.id });
  } catch (error) {
    if (isConstraintError(error, /FOREIGN KEY constraint failed/)) return "missing";
    throw error;
  }
  await publicCache.purge([CHARITIES_TAG]);
  return "recorded";
}

/** Deletes a donation recorded by mistake, and purges the pages that total them. */
export async function deleteDonation(database: Database, publicCache: PublicCache, id: string): Promise<boolean> {
  const deleted = await database.delete(donations).where(eq(donations.id, id)).returning({ id: donations.id });
  if (deleted.length > 0) await publicCache.purge([CHARITIES_TAG]);
  return deleted.length > 0;
}

export type DonationRow = Donation & { charityName: string };

/** The donations she recorded, the latest first, each with its charity's name. */
export async function listDonations(database: Database): Promise<DonationRow[]> {
  return database
    .select({ ...getTableColumns(donations), charityName: charities.name })
    .from(donations)
    .innerJoin(charities, eq(charities.id, donations.charityId))
    .orderBy(desc(donations.givenOn), desc(donations.createdAt))
    .all();
}

/** What she has given to charity `charityId` in all, as a column of any statement. */
export function givenTo(charityId: string | SQL) {
  return sql<number>`(select coalesce(sum(${donations.amountPence}), 0) from ${donations}
    where ${donations.charityId} = ${charityId})`.mapWith(Number);
}

/**
 * Writes charities and donations as given, by id (the demo content, a test's fixtures): a row there already
 * takes these values. The default is cleared first, so the one given takes its place.
 */
export async function upsertCharities(database: Database, rows: Charity[], given: Donation[] = []): Promise<void> {
  if (rows.length === 0) return;
  if (rows.some((row) => row.isDefault)) await database.update(charities).set({ isDefault: false });
  await database
    .insert(charities)
    .values(rows)
    .onConflictDoUpdate({ target: charities.id, set: overwriteWithExcluded(charities) });
  if (given.length > 0) {
    await database
      .insert(donations)
      .values(given)
      .onConflictDoUpdate({ target: donations.id, set: overwriteWithExcluded(donations) });
  }
}
