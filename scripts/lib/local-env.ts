// The Worker's bindings (local D1 and R2) outside the Worker, for seeding and test set-up.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";

const CONFIG = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

/**
 * Runs `run` with the local bindings of `persistTo` (a `wrangler dev --persist-to` directory), or of
 * the default `.wrangler/state` without one, and releases them after.
 */
export async function withLocalEnv<T>(persistTo: string | undefined, run: (env: Env) => Promise<T>): Promise<T> {
  const platform = await getPlatformProxy<Env>({
    configPath: CONFIG,
    // wrangler dev --persist-to DIR keeps its state in DIR/v3; getPlatformProxy takes that inner path.
    persist: persistTo ? { path: join(persistTo, "v3") } : true,
  });
  try {
    return await run(platform.env);
  } finally {
    await platform.dispose();
  }
}
