// Serves the production build under `wrangler dev` on a free port with the given local state
// (--persist-to): shared by the e2e global setup, `npm run bench` and `npm run load`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal } from "../local-setup";
import { ROOT } from "./root";
import { seed } from "../seed";
import { startWranglerDev, type ServedBuild } from "./wrangler-dev";

/** Where the app's sources live: a build older than any of them is stale. */
const SOURCES = ["app", "public", "server.ts", "load-context.ts", "vite.config.ts", "package-lock.json"];

function newestSource(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

/** Whether build/ holds a production build at least as new as every source file. */
export function buildIsFresh(): boolean {
  const built = join(ROOT, "build/server/index.js");
  if (!existsSync(built)) return false;
  return statSync(built).mtimeMs >= Math.max(...SOURCES.map((source) => newestSource(join(ROOT, source))));
}

/** Builds the app unless build/ is already fresh (or always, with `fresh`): tests never run an old build. */
export function ensureBuild(options: { fresh?: boolean } = {}): void {
  if (!options.fresh && buildIsFresh()) return;
  const build = spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error("The production build failed.");
}

/**
 * Starts `wrangler dev` on the built app; `vars` become `--var NAME:value` (SITE_URL defaults to the
 * served URL).
 */
export function startServedBuild(options: {
  persistTo: string;
  vars?: Record<string, string>;
  /** Readable function names for a profile (`npm run profile`); what ships is minified. */
  unminified?: boolean;
  /** Served and named as http://localhost:PORT: WebAuthn (device passkeys) refuses an IP address. */
  localhost?: boolean;
}): Promise<ServedBuild> {
  return startWranglerDev((baseURL) => {
    const vars = { SITE_URL: options.localhost ? asLocalhost(baseURL) : baseURL, ...options.vars };
    return [
      "--persist-to",
      options.persistTo,
      // Committed example values, so a developer's own .dev.vars never changes what is measured or tested.
      "--env-file",
      ".dev.vars.example",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...(options.unminified ? ["--minify=false"] : []),
    ];
  });
}

/** The same server as http://localhost:PORT (it listens on 127.0.0.1, where localhost leads). */
export function asLocalhost(baseURL: string): string {
  return baseURL.replace("//127.0.0.1:", "//localhost:");
}

/**
 * The built app on a fresh temporary store: migrated, seeded with the demo content (unless `demo` is
 * false: an empty store), given whatever `prepare` adds, then served. `stopServer()` stops wrangler and
 * keeps the store (to read it after); `stop()` also deletes the store.
 */
export async function serveSeededBuild(options: {
  name: string;
  demo?: boolean;
  vars?: Record<string, string>;
  prepare?: (persistTo: string) => Promise<void>;
  unminified?: boolean;
  localhost?: boolean;
}): Promise<ServedBuild & { persistTo: string; stopServer: () => Promise<void> }> {
  const persistTo = mkdtempSync(join(tmpdir(), `artist-${options.name}-`));
  const remove = () => rmSync(persistTo, { recursive: true, force: true });
  try {
    migrateLocal(persistTo);
    if (options.demo !== false) await seed({ persistTo });
    await options.prepare?.(persistTo);
    const served = await startServedBuild({
      persistTo,
      vars: options.vars,
      unminified: options.unminified,
      localhost: options.localhost,
    });
    return {
      ...served,
      ...(options.localhost ? { baseURL: asLocalhost(served.baseURL) } : {}),
      persistTo,
      stopServer: served.stop,
      stop: async () => {
        await served.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
