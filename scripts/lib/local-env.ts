// The Worker's bindings (D1 and R2) outside the Worker: local state for seeding, test set-up, import and
// restore, or the deployed ones (`--remote`) through wrangler's remote bindings.
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { writeBindingsConfig } from "./bindings-config";
import { WRANGLER_TOML } from "./root";

/**
 * Runs `run` with the local bindings of `persistTo` (a `wrangler dev --persist-to` directory), or of
 * the default `.wrangler/state` without one, and releases them after.
 */
export async function withLocalEnv<T>(persistTo: string | undefined, run: (env: Env) => Promise<T>): Promise<T> {
  return withPlatform(
    {
      configPath: WRANGLER_TOML,
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
  // Only the two bindings, each marked remote: the rest of the Worker is not needed to read or write them.
  const config = writeBindingsConfig({ remote: true });
  try {
    return await withPlatform({ configPath: config.path, persist: false }, run);
  } finally {
    config.remove();
  }
}

/** Local, or `--remote` when `args` has it. */
export function withEnvOf<T>(args: string[], persistTo: string | undefined, run: (env: Env) => Promise<T>) {
  return args.includes("--remote") ? withRemoteEnv(run) : withLocalEnv(persistTo, run);
}

async function withPlatform<T>(options: Parameters<typeof getPlatformProxy>[0], run: (env: Env) => Promise<T>) {
  const platform = await quietly(() => getPlatformProxy<Env>(options));
  try {
    return await run(platform.env);
  } finally {
    await platform.dispose();
  }
}

/**
 * Runs `start` with wrangler's notes held back ("Using secrets defined in .dev.vars", wherever a developer has
 * that file), which would print over a command's progress line; its warnings and errors still show.
 */
async function quietly<T>(start: () => Promise<T>): Promise<T> {
  const level = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = level ?? "warn";
  try {
    return await start();
  } finally {
    if (level === undefined) delete process.env.WRANGLER_LOG;
  }
}
