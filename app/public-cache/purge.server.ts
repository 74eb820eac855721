// Purging public pages after a write, in whichever cache serves them. In production that is Workers
// Cache, in front of the Worker in every data centre: `ctx.cache.purge` reaches all of them. Where it
// is absent (wrangler dev, tests, a deploy without `[cache] enabled`), the stand-in in
// app/public-cache/serve.server.ts serves pages, and the purge is recorded in D1, which every data
// centre reads: never in per-location or per-isolate memory.
import { sql } from "drizzle-orm";
import type { Database } from "../platform/db.server";
import { SITE_TAG } from "./tags";

export interface PublicCache {
  /** True when Workers Cache stands in front of the Worker (production); false for the stand-in. */
  readonly atEdge: boolean;
  /** Purges every cached page or image carrying one of `tags`. Never throws: the write is saved already. */
  purge(tags: readonly string[]): Promise<void>;
  /** The dashboard's "Refresh public pages". */
  purgeEverything(): Promise<void>;
}

/** Where Workers Cache runs: its purge, and how to keep work going after the answer (ctx.waitUntil). */
export type EdgeCache = { cache: CacheContext; waitUntil: (work: Promise<unknown>) => void; repeatAfterMs: number };

export function publicCacheFor(database: Database, edge: EdgeCache | undefined): PublicCache {
  if (edge) {
    const run = async (options: CachePurgeOptions) => {
      const result = await edge.cache.purge(options).catch((error: unknown) => ({
        success: false,
        errors: [{ code: 0, message: String(error) }],
      }));
      if (!result.success) report(options, result.errors);
    };
    // A page that began to render before the write can reach Workers Cache after the purge: the same
    // purge again, once any such render has long finished, removes it (the stand-in's sequence check
    // needs no second purge).
    const purgeTwice = async (options: CachePurgeOptions) => {
      await run(options);
      edge.waitUntil(new Promise((resolve) => setTimeout(resolve, edge.repeatAfterMs)).then(() => run(options)));
    };
    return {
      atEdge: true,
      // Pages apart from images, and at most 100 tags a call (the purge API's limit), so a refused
      // call for one group does not keep the other.
      purge: async (tags) => {
        const unique = [...new Set(tags)];
        const groups = [
          unique.filter((tag) => !tag.startsWith("image:")),
          unique.filter((tag) => tag.startsWith("image:")),
        ];
        for (const group of groups) {
          for (let i = 0; i < group.length; i += 100) await purgeTwice({ tags: group.slice(i, i + 100) });
        }
      },
      purgeEverything: () => purgeTwice({ purgeEverything: true }),
    };
  }
  const record = (tags: readonly string[]) =>
    recordPurge(database, tags).catch((error: unknown) => report({ tags: [...tags] }, [error]));
  return { atEdge: false, purge: record, purgeEverything: () => record([SITE_TAG]) };
}

function report(options: CachePurgeOptions, errors: unknown[]): void {
  // The change is saved; pages that still show the old version render again within PUBLIC_CACHE_SECONDS.
  console.error("Purging public pages failed:", JSON.stringify(options), errors);
}

/** Marks `tags` purged with one new sequence number (one statement, so one transaction). */
export async function recordPurge(database: Database, tags: readonly string[]): Promise<void> {
  if (tags.length > 0) await database.run(sql.raw(purgeSql(tags)));
}

/** The SQL that records a purge; `npm run import` runs it through `wrangler d1 execute` too. */
export function purgeSql(tags: readonly string[]): string {
  const list = JSON.stringify([...new Set(tags.map((tag) => tag.toLowerCase()))]).replace(/'/g, "''");
  return `insert into public_cache_purges (tag, seq)
    select value, (select coalesce(max(seq), 0) + 1 from public_cache_purges) from json_each('${list}') where true
    on conflict(tag) do update set seq = excluded.seq;`;
}

/** The newest purge so far: a page that begins to render now shows every write purged up to here. */
export async function latestPurge(database: Database): Promise<number> {
  const row = await database.get<{ seq: number | null }>(sql`select max(seq) as seq from public_cache_purges`);
  return row?.seq ?? 0;
}

/** Whether any of `tags` was purged after `seen`. */
export async function purgedSince(database: Database, tags: readonly string[], seen: number): Promise<boolean> {
  const row = await database.get<{ purged: number } | undefined>(
    sql`select 1 as purged from public_cache_purges where seq > ${seen} and tag in (select value from json_each(${JSON.stringify(tags.map((tag) => tag.toLowerCase()))})) limit 1`,
  );
  return Boolean(row);
}
