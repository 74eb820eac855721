// A wrangler configuration holding only the site's D1 database and R2 bucket, as wrangler.toml names
// them: local, or each marked remote (the deployed ones, through wrangler's remote bindings). Read with a
// TOML parser rather than wrangler's own reader: importing wrangler takes a Node process from 43 to 257 MB.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { WRANGLER_TOML } from "./root";

type SiteConfig = {
  name: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  d1_databases: Array<{ binding: string; database_name: string; database_id: string }>;
  r2_buckets: Array<{ binding: string; bucket_name: string }>;
};

/**
 * Writes that configuration to a temporary directory only this user can read, with `main` as its Worker
 * and `vars` as its variables when given; `remove()` deletes it.
 */
export function writeBindingsConfig(options: { remote: boolean; main?: string; vars?: Record<string, string> }) {
  const site = parse(readFileSync(WRANGLER_TOML, "utf8")) as unknown as SiteConfig;
  const remote = options.remote ? { remote: true } : {};
  const dir = mkdtempSync(join(tmpdir(), "site-bindings-"));
  const path = join(dir, "wrangler.json");
  writeFileSync(
    path,
    JSON.stringify({
      // A Worker of its own beside `npm start`'s, under its own name in wrangler's registry of local Workers.
      ...(options.main ? { name: `${site.name}-export`, main: options.main } : { name: site.name }),
      compatibility_date: site.compatibility_date,
      compatibility_flags: site.compatibility_flags ?? [],
      d1_databases: site.d1_databases.map(({ binding, database_name, database_id }) => ({
        binding,
        database_name,
        database_id,
        ...remote,
      })),
      r2_buckets: site.r2_buckets.map(({ binding, bucket_name }) => ({ binding, bucket_name, ...remote })),
      ...(options.vars ? { vars: options.vars } : {}),
    }),
    { mode: 0o600 },
  );
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
