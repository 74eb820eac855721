import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts, type NewPost, type Post } from "~/db/schema";
import { overwriteWithExcluded } from "~/db/upsert.server";
import type { Category } from "~/lib/categories";

export type { Post };

/** Posts newest first, optionally only those in `category` (older posts count by their single `category`). */
export async function listPosts(database: Database, options: { category?: Category | null; limit?: number } = {}) {
  const { category, limit } = options;
  const inCategory = category
    ? sql`(${posts.category} = ${category} or exists (select 1 from json_each(${posts.categories}) where value = ${category}))`
    : undefined;
  const query = database.select().from(posts).where(inCategory).orderBy(desc(posts.createdAt), desc(posts.id));
  return limit ? query.limit(limit) : query;
}

/** The fields a shop card shows, so pages send no more than they display. */
export function toCardData({ id, title, medium, price, available, imageUrls }: Post) {
  return { id, title, medium, price, available, imageUrls };
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
