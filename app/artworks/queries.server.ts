import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { now } from "~/platform/columns";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "~/platform/db.server";
import { artworks, type NewArtwork, type Artwork } from "~/artworks/schema";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import type { Category } from "~/artworks/categories";
import type { ImageCopies, CopiesByImage } from "~/images/references";
import type { ArtworkInput } from "~/artworks/form";
import { charityColumn } from "~/charities/queries.server";
import { availabilityOf } from "~/artworks/options";
import { ratesColumn } from "~/rates/queries.server";
import type { ExchangeRates } from "~/rates/schema";

export type { Artwork };

// Older artworks have only the single `category`; newer ones list every category they belong to.
export function inCategory(category: Category | SQL | null | undefined) {
  return category
    ? sql`(${artworks.category} = ${category} or exists (select 1 from json_each(${artworks.categories}) where value = ${category}))`
    : undefined;
}

/**
 * What visitors may see: every artwork but drafts. A literal, not a bound parameter: with `draft = ?` SQLite
 * cannot tell how many rows pass, and sorts every artwork instead of walking the shop-order index (the about
 * page's covers took 2.9 ms in local D1 instead of 0.7 ms).
 */
export const published = sql`${artworks.draft} = 0`;

/**
 * The artist's shop order: her position first (new works are placed on top), then newest first among
 * works she has not placed (imported ones share position 0).
 */
export const shopOrder = [desc(artworks.position), desc(artworks.createdAt), desc(artworks.id)] as const;

/** Artworks in shop order, drafts included, optionally only those in `category`: every column, for the admin's pages. */
export async function listArtworks(database: Database, options: { category?: Category | null; limit?: number } = {}) {
  const query = database
    .select()
    .from(artworks)
    .where(inCategory(options.category))
    .orderBy(...shopOrder);
  return options.limit ? query.limit(options.limit) : query;
}

// Only what a shop card needs: its first image and that image's copies, never a description, an
// events list or the copies of its other images (a miss reads and sends a third of the bytes).
const firstImage = sql<string | null>`json_extract(${artworks.imageUrls}, '$[0]')`;
/** The lowest or highest price of an artwork's options not sold out (null without any): the card's "from £35". */
const optionPrice = (pick: "min" | "max") =>
  sql<number | null>`(select ${sql.raw(pick)}(o.value ->> 'pricePence') from json_each(${artworks.options}) as o
    where o.value ->> 'edition' is null or o.value ->> 'sold' < o.value ->> 'edition')`;
const CARD_COLUMNS = {
  id: artworks.id,
  title: artworks.title,
  medium: artworks.medium,
  price: artworks.price,
  available: artworks.available,
  lowestPence: optionPrice("min"),
  highestPence: optionPrice("max"),
  rates: ratesColumn,
  // The last day an original is held for a buyer (none: null); never who for.
  reservedUntil: sql<string | null>`(select max(r.value ->> 'until') from json_each(${artworks.reservations}) as r
    where r.value ->> 'optionId' is null)`,
  image: firstImage,
  imageCopies:
    sql<ImageCopies | null>`(select value from json_each(${artworks.imageCopies}) where key = ${firstImage})`.mapWith(
      (copies: string | null) => (copies === null ? null : (JSON.parse(copies) as ImageCopies)),
    ),
};

/**
 * A shop card's row: its first image's stored reference and copies, null when it has none, and the range of
 * its options' prices, null without options.
 */
export type CardRow = Pick<Artwork, "id" | "title" | "medium" | "price" | "available"> & {
  lowestPence: number | null;
  highestPence: number | null;
  /** The day's exchange rates, the same on every row (app/rates). */
  rates: ExchangeRates | null;
  reservedUntil: string | null;
  image: string | null;
  imageCopies: ImageCopies | null;
};

/**
 * Shop cards of published artworks in shop order (featured ones first with `featuredFirst`), optionally
 * only those in `category`, at most `limit`: the query, awaited or run in a batch with a page's other queries.
 */
export function listCardRows(
  database: Database,
  options: { category?: Category | null; limit: number; featuredFirst?: boolean },
) {
  return database
    .select(CARD_COLUMNS)
    .from(artworks)
    .where(and(published, inCategory(options.category)))
    .orderBy(...(options.featuredFirst ? [desc(artworks.featured), ...shopOrder] : shopOrder))
    .limit(options.limit);
}

export async function getArtwork(database: Database, id: string): Promise<Artwork | undefined> {
  return database.select().from(artworks).where(eq(artworks.id, id)).get();
}

/** An artwork as its page reads it: with the day's exchange rates and the charity it supports, in the same statement. */
export async function getArtworkForPage(database: Database, id: string) {
  return database
    .select({
      ...getTableColumns(artworks),
      rates: ratesColumn,
      charity: charityColumn(sql`json_extract(${artworks.charityShare}, '$.charityId')`),
    })
    .from(artworks)
    .where(eq(artworks.id, id))
    .get();
}

export async function countArtworks(database: Database): Promise<number> {
  const row = await database.select({ n: count() }).from(artworks).get();
  return row?.n ?? 0;
}

// D1 binds at most 100 parameters a statement, one a column of each row.
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(artworks)).length);

/** Inserts or fully replaces artworks by id (seed and import are idempotent through this). */
export async function upsertArtworks(database: Database, rows: NewArtwork[]): Promise<void> {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(
      database
        .insert(artworks)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        // The artist's own choices (draft, featured, her order) survive seeding or importing again.
        .onConflictDoUpdate({
          target: artworks.id,
          set: overwriteWithExcluded(artworks, ["id", "draft", "publishedAt", "featured", "position"]),
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await database.batch([first, ...rest]);
}

/** The stored references of a new or edited artwork's images and the browser-made copies of each. */
type ArtworkImages = { imageUrls: string[]; imageCopies: CopiesByImage };

/**
 * Adds artwork `id` at the top of the shop order; `category` is the first of its categories. False when
 * an artwork with that id exists already (its create form was sent again): nothing changes.
 */
export async function insertArtwork(
  database: Database,
  id: string,
  input: ArtworkInput,
  images: ArtworkImages,
): Promise<boolean> {
  const inserted = await database
    .insert(artworks)
    .values({
      id,
      ...rowOf(input),
      ...images,
      publishedAt: input.draft ? null : now,
      position: sql`(select coalesce(max(${artworks.position}), 0) + 1 from ${artworks})`,
    })
    .onConflictDoNothing({ target: artworks.id })
    .returning({ id: artworks.id });
  return inserted.length > 0;
}

/** Shows draft artwork `id` to visitors (first shown now); false when it is not a draft, or not there. */
export async function publishArtwork(database: Database, id: string): Promise<boolean> {
  const published = await database
    .update(artworks)
    .set({ draft: false, publishedAt: sql`coalesce(${artworks.publishedAt}, ${now})` })
    .where(and(eq(artworks.id, id), eq(artworks.draft, true)))
    .returning({ id: artworks.id });
  return published.length > 0;
}

/** One page of the whole shop order, drafts included (the admin's Shop Order page), and how many there are. */
export async function shopOrderPage(database: Database, window: { limit: number; offset: number }) {
  const [rows, [totals]] = await database.batch([
    database
      .select({ ...CARD_COLUMNS, draft: artworks.draft, featured: artworks.featured })
      .from(artworks)
      .orderBy(...shopOrder)
      .limit(window.limit)
      .offset(window.offset),
    database.select({ total: count() }).from(artworks),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Where the admin moves an artwork in the shop order: one place up (towards the top) or down, or to a
 * place in the whole list (1 is the top), where it was dropped.
 */
export type ShopMove = "up" | "down" | { place: number };

/**
 * Moves an artwork in the shop order (drafts count as places: they show where they will appear). The
 * whole order is written once in one statement, from the top down, so positions that were equal
 * (imported works) become distinct and the move is exact. "missing" when there is no such artwork,
 * "unchanged" when it is already there (first or last, for a move up or down).
 */
export async function moveArtwork(
  database: Database,
  id: string,
  move: ShopMove,
): Promise<"moved" | "unchanged" | "missing"> {
  const ids = (
    await database
      .select({ id: artworks.id })
      .from(artworks)
      .orderBy(...shopOrder)
  ).map((row) => row.id);
  const from = ids.indexOf(id);
  if (from < 0) return "missing";
  const wanted = move === "up" ? from - 1 : move === "down" ? from + 1 : move.place - 1;
  const to = Math.min(Math.max(wanted, 0), ids.length - 1);
  if (to === from) return "unchanged";
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  await writeShopOrder(database, ids);
  return "moved";
}

/** Gives the artworks `ids` (top first) positions n..1, in one statement (one bound list, not one per row). */
async function writeShopOrder(database: Database, ids: string[]): Promise<void> {
  const list = JSON.stringify(ids);
  await database
    .update(artworks)
    .set({ position: sql`${ids.length} - (select key from json_each(${list}) where value = ${artworks.id})` })
    .where(sql`${artworks.id} in (select value from json_each(${list}))`);
}

/** How a write to an artwork that was read earlier turned out. */
export type ArtworkWrite = "saved" | "missing" | "changed";

/** An artwork's next updated_at: now, but always later than the one it replaces, so every write changes it. */
function nextUpdatedAt(previous: string | null): string {
  const before = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(before) ? Math.max(Date.now(), before + 1) : Date.now()).toISOString();
}

/**
 * Writes `changes` to an artwork only while it is as it was read: every write sets updated_at, so when
 * another save (an edit in a second tab, the migration tool copying images) got there first, this one
 * changes nothing and answers "changed" instead of overwriting that save's images with a stale list.
 */
export async function updateArtworkAsRead(
  database: Database,
  read: Pick<Artwork, "id" | "updatedAt">,
  changes: Omit<SQLiteUpdateSetSource<typeof artworks>, "id" | "updatedAt">,
): Promise<ArtworkWrite> {
  const rows = await artworkUpdateAsRead(database, read, changes).returning({ id: artworks.id });
  if (rows.length > 0) return "saved";
  const still = await database.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, read.id)).get();
  return still ? "changed" : "missing";
}

/** The update `updateArtworkAsRead` makes, for a batch whose other writes hold on `artworkIsAsRead`. */
export function artworkUpdateAsRead(
  database: Database,
  read: Pick<Artwork, "id" | "updatedAt">,
  changes: Omit<SQLiteUpdateSetSource<typeof artworks>, "id" | "updatedAt">,
) {
  return database
    .update(artworks)
    .set({ ...changes, updatedAt: nextUpdatedAt(read.updatedAt) })
    .where(and(eq(artworks.id, read.id), sql`${artworks.updatedAt} is ${read.updatedAt}`));
}

/** True while the artwork is as it was read: the condition a write in the same batch as its update holds on. */
export function artworkIsAsRead(read: Pick<Artwork, "id" | "updatedAt">): SQL {
  return sql`exists (select 1 from ${artworks} where ${artworks.id} = ${read.id} and ${artworks.updatedAt} is ${read.updatedAt})`;
}

/** Replaces the editable fields, images and events list of an artwork as it was read. */
export async function updateArtworkRow(
  database: Database,
  read: Pick<Artwork, "id" | "updatedAt">,
  input: ArtworkInput,
  changes: ArtworkImages & { events: string[] },
): Promise<ArtworkWrite> {
  return updateArtworkAsRead(database, read, { ...rowOf(input), ...changes, publishedAt: publishedAtOf(input.draft) });
}

/** An edit keeps the first time a work was shown; saved not a draft for the first time, that is now. */
function publishedAtOf(draft: boolean): SQL {
  return draft ? sql`${artworks.publishedAt}` : sql`coalesce(${artworks.publishedAt}, ${now})`;
}

/** The columns a form's input sets: `category` is the first of its categories; with options, they say whether it is sold. */
function rowOf({ charity, share, ...input }: ArtworkInput) {
  return {
    ...input,
    category: input.categories[0]!,
    available: availabilityOf(input.options, input.available),
    charityShare: charity && share ? { ...share, charityId: charity } : null,
  };
}

/** Deletes an artwork and returns it (for its images), or undefined when there was none. */
export async function deleteArtworkRow(database: Database, id: string): Promise<Artwork | undefined> {
  const [deleted] = await database.delete(artworks).where(eq(artworks.id, id)).returning();
  return deleted;
}

/** Which of `references` some artwork still shows (imported artworks may share an image). */
export async function referencedImages(database: Database, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await database
    .select({ value: sql<string>`j.value` })
    .from(sql`${artworks}, json_each(${artworks.imageUrls}) as j`)
    .where(inArray(sql`j.value`, references));
  return new Set(rows.map((row) => row.value));
}

/** Titles of the artworks with these ids, and whether each is a draft (ids of deleted artworks are simply absent). */
export async function titlesOf(
  database: Database,
  ids: string[],
): Promise<Map<string, { title: string; draft: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await database
    .select({ id: artworks.id, title: artworks.title, draft: artworks.draft })
    .from(artworks)
    .where(inArray(artworks.id, ids));
  return new Map(rows.map(({ id, title, draft }) => [id, { title, draft }]));
}
