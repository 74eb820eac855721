// The Worker's bindings (D1 and R2) outside the Worker: local state for seeding, test set-up, import and
// export, or the deployed ones (`--remote`) through wrangler's remote bindings.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy, unstable_readConfig } from "wrangler";

type D1Binding = { binding: string; database_name?: string; database_id?: string };
type R2Binding = { binding: string; bucket_name?: string };

const CONFIG = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

/**
 * Runs `run` with the local bindings of `persistTo` (a `wrangler dev --persist-to` directory), or of
 * the default `.wrangler/state` without one, and releases them after.
 */
export async function withLocalEnv<T>(persistTo: string | undefined, run: (env: Env) => Promise<T>): Promise<T> {
  return withPlatform(
    {
      configPath: CONFIG,
      // wrangler dev --persist-to DIR keeps its state in DIR/v3; getPlatformProxy takes that inner path.
      persist: persistTo ? { path: join(persistTo, "v3") } : true,
    },
    run,
  );
}

/**
 * Runs `run` with the deployed D1 database and R2 bucket of wrangler.toml (wrangler must be logged in:
 * `npx wrangler login`, or CLOUDFLARE_API_TOKEN set).
 */
export async function withRemoteEnv<T>(run: (env: Env) => Promise<T>): Promise<T> {
  const config = unstable_readConfig({ config: CONFIG });
  const dir = mkdtempSync(join(tmpdir(), "remote-bindings-"));
  const configPath = join(dir, "wrangler.json");
  // Only the two bindings, each marked remote: the rest of the Worker is not needed to read or write them.
  writeFileSync(
    configPath,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      d1_databases: config.d1_databases.map(({ binding, database_name, database_id }: D1Binding) => ({
        binding,
        database_name,
        database_id,
        remote: true,
      })),
      r2_buckets: config.r2_buckets.map(({ binding, bucket_name }: R2Binding) => ({
        binding,
        bucket_name,
        remote: true,
      })),
    }),
  );
  try {
    return await withPlatform({ configPath, persist: false }, run);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Local, or `--remote` when `args` has it. */
export function withEnvOf<T>(args: string[], persistTo: string | undefined, run: (env: Env) => Promise<T>) {
  return args.includes("--remote") ? withRemoteEnv(run) : withLocalEnv(persistTo, run);
}

async function withPlatform<T>(options: Parameters<typeof getPlatformProxy>[0], run: (env: Env) => Promise<T>) {
  const platform = await getPlatformProxy<Env>(options);
  try {
    return await run(platform.env);
  } finally {
    await platform.dispose();
  }
}
