import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts, type NewPost, type Post } from "~/db/schema";
import { overwriteWithExcluded } from "~/db/upsert.server";
import type { Category } from "~/lib/categories";
import { newId } from "~/lib/id";
import { thumbnailOf, type ImageVariants } from "~/lib/images";
import type { PostInput } from "~/lib/schemas";

export type { Post };

// Older posts have only the single `category`; newer ones list every category they belong to.
export function inCategory(category: Category | SQL | null | undefined) {
  return category
    ? sql`(${posts.category} = ${category} or exists (select 1 from json_each(${posts.categories}) where value = ${category}))`
    : undefined;
}

const newestFirst = [desc(posts.createdAt), desc(posts.id)] as const;

/** Posts newest first, optionally only those in `category`: every column, for the admin's pages. */
export async function listPosts(database: Database, options: { category?: Category | null; limit?: number } = {}) {
  const query = database
    .select()
    .from(posts)
    .where(inCategory(options.category))
    .orderBy(...newestFirst);
  return options.limit ? query.limit(options.limit) : query;
}

// Only what a shop card needs: a description or events list is never read for a card.
const CARD_COLUMNS = {
  id: posts.id,
  title: posts.title,
  medium: posts.medium,
  price: posts.price,
  available: posts.available,
  imageUrls: posts.imageUrls,
  imageVariants: posts.imageVariants,
};

export type CardRow = Pick<Post, keyof typeof CARD_COLUMNS>;

/** Shop cards newest first, optionally only those in `category`, at most `limit`. */
export async function listCardRows(
  database: Database,
  options: { category?: Category | null; limit: number },
): Promise<CardRow[]> {
  return database
    .select(CARD_COLUMNS)
    .from(posts)
    .where(inCategory(options.category))
    .orderBy(...newestFirst)
    .limit(options.limit);
}

/** The fields a shop card shows, so pages send no more than they display: one image, its thumbnail when made. */
export function toCardData({ id, title, medium, price, available, imageUrls, imageVariants }: CardRow) {
  const first = imageUrls[0];
  return { id, title, medium, price, available, image: first ? thumbnailOf(first, imageVariants) : null };
}

export async function getPost(database: Database, id: string): Promise<Post | undefined> {
  return database.select().from(posts).where(eq(posts.id, id)).get();
}

export async function countPosts(database: Database): Promise<number> {
  const row = await database.select({ n: count() }).from(posts).get();
  return row?.n ?? 0;
}

/** Inserts or fully replaces posts by id (seed and import are idempotent through this). */
export async function upsertPosts(database: Database, rows: NewPost[]): Promise<void> {
  if (rows.length === 0) return;
  // 15 columns a row and D1's 100 bound parameters a statement: at most 6 rows per insert.
  const statements = [];
  for (let i = 0; i < rows.length; i += 6) {
    statements.push(
      database
        .insert(posts)
        .values(rows.slice(i, i + 6))
        .onConflictDoUpdate({ target: posts.id, set: overwriteWithExcluded(posts) }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await database.batch([first, ...rest]);
}

/** The stored references of a new or edited post's images and the browser-made copies of each. */
type PostImages = { imageUrls: string[]; imageVariants: ImageVariants };

/** Adds a post; `category` is the first of its categories. Returns the new id. */
export async function createPost(database: Database, input: PostInput, images: PostImages): Promise<string> {
  const id = newId();
  await database.insert(posts).values({ id, ...input, category: input.categories[0]!, ...images });
  return id;
}

/** How a write to a post that was read earlier turned out. */
export type PostWrite = "saved" | "missing" | "changed";

/** A post's next updated_at: now, but always later than the one it replaces, so every write changes it. */
function nextUpdatedAt(previous: string | null): string {
  const before = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(before) ? Math.max(Date.now(), before + 1) : Date.now()).toISOString();
}

/**
 * Writes `changes` to a post only while it is as it was read: every write sets updated_at, so when
 * another save (an edit in a second tab, the migration tool copying images) got there first, this one
 * changes nothing and answers "changed" instead of overwriting that save's images with a stale list.
 */
export async function updatePostAsRead(
  database: Database,
  read: Pick<Post, "id" | "updatedAt">,
  changes: Partial<Omit<NewPost, "id" | "updatedAt">>,
): Promise<PostWrite> {
  const rows = await database
    .update(posts)
    .set({ ...changes, updatedAt: nextUpdatedAt(read.updatedAt) })
    .where(and(eq(posts.id, read.id), sql`${posts.updatedAt} is ${read.updatedAt}`))
    .returning({ id: posts.id });
  if (rows.length > 0) return "saved";
  const still = await database.select({ id: posts.id }).from(posts).where(eq(posts.id, read.id)).get();
  return still ? "changed" : "missing";
}

/** Replaces the editable fields, images and events list of a post as it was read. */
export async function updatePost(
  database: Database,
  read: Pick<Post, "id" | "updatedAt">,
  input: PostInput,
  changes: PostImages & { events: string[] },
): Promise<PostWrite> {
  return updatePostAsRead(database, read, { ...input, category: input.categories[0]!, ...changes });
}

/** Deletes a post and returns it (for its images), or undefined when there was none. */
export async function deletePost(database: Database, id: string): Promise<Post | undefined> {
  const [deleted] = await database.delete(posts).where(eq(posts.id, id)).returning();
  return deleted;
}

/** Which of `references` some post still shows (imported posts may share an image). */
export async function referencedImages(database: Database, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await database
    .select({ value: sql<string>`j.value` })
    .from(sql`${posts}, json_each(${posts.imageUrls}) as j`)
    .where(inArray(sql`j.value`, references));
  return new Set(rows.map((row) => row.value));
}

/** Titles of the posts with these ids (ids of deleted posts are simply absent). */
export async function titlesOf(database: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await database.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}
