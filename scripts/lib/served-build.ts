// Serves the production build under `wrangler dev` on a free port with the given local state
// (--persist-to): shared by the e2e global setup, `npm run bench` and `npm run load`; `startWranglerDev`
// serves any Worker the same way (`npm run bench:meter`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal, ROOT } from "../local-setup";
import { seed } from "../seed";

/** Ports this process has handed out: the kernel may offer a closed one again to the next caller. */
const handedOut = new Set<number>();

/**
 * A port below the kernel's ephemeral range. Ports the kernel hands out itself (a workerd's internal
 * sockets, an outgoing connection's own end, another process's `listen(0)`) all come from that range,
 * so one picked there could be taken by another server between being found free and being bound.
 */
export async function freePort(): Promise<number> {
  const [low, high] = belowEphemeralRange();
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
}

function belowEphemeralRange(): [number, number] {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual default.
  }
  return [Math.max(1024, ephemeralLow - 12_000), ephemeralLow];
}

/** Free on both loopbacks: "localhost" may lead to either, and a server on the other would answer. */
async function isFree(port: number): Promise<boolean> {
  for (const host of ["127.0.0.1", "::1"]) {
    const bound = await canBind(port, host);
    if (bound === "in use") return false;
  }
  return true;
}

function canBind(port: number, host: string): Promise<"free" | "in use" | "no such address"> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "EADDRINUSE" || error.code === "EACCES" ? "in use" : "no such address"),
    );
    server.listen(port, host, () => server.close(() => resolve("free")));
  });
}

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

async function waitUntilServing(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode}):\n${output()}`);
    // wrangler may stay up after failing to bind, while whatever holds the port answers in its place.
    if (output().includes("Address already in use")) throw new Error(`wrangler dev could not bind:\n${output()}`);
    try {
      // Only a success is the Worker's own: another server's inspector on the port answers 403 "Forbidden".
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs / 1000}s:\n${output()}`);
}

export type ServedBuild = {
  baseURL: string;
  /** The process group leader: wrangler, with workerd beneath it. */
  pid: number;
  /** wrangler's DevTools inspector for the Worker (scripts/lib/cpu-profile.ts). */
  inspectorPort: number;
  log: () => string;
  stop: () => Promise<void>;
};

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

/**
 * Runs `wrangler dev` with the arguments `argsFor` gives for its URL, on free ports, until it answers.
 * A free port can be taken by another process (another server's workerd) between being found and
 * being bound, so a start that meets "Address already in use" is tried again on new ports.
 */
export async function startWranglerDev(argsFor: (baseURL: string) => string[]): Promise<ServedBuild> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(argsFor);
    } catch (error) {
      if (attempt === 3 || !String(error).includes("Address already in use")) throw error;
    }
  }
}

async function startOnFreePorts(argsFor: (baseURL: string) => string[]): Promise<ServedBuild> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  // Its own process group, so stopping it stops wrangler and the workerd it starts, not just a wrapper.
  const child = spawn(
    join(ROOT, "node_modules/.bin/wrangler"),
    [
      "dev",
      ...argsFor(baseURL),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: ROOT,
      detached: true,
      // NODE_ENV: wrangler dev otherwise bundles React's development build, several times slower to
      // render than the production build that deploys.
      env: { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false", CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      signalGroup("SIGTERM");
      // wrangler normally stops within a second; never let a teardown hang.
      const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    signalGroup("SIGKILL");
  };

  try {
    await waitUntilServing(baseURL, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, pid: child.pid!, inspectorPort, log: () => log, stop };
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
