// Starts the production build under `wrangler dev` on a free port with its own temporary state
// (--persist-to), migrated and seeded, for the whole e2e run; the returned function stops it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal, ROOT } from "../../scripts/local-setup";
import { seed } from "../../scripts/seed";
import { LEGACY_HOST, seedLegacyPost, startLegacyHost } from "./legacy-host";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs / 1000}s:\n${output()}`);
}

export default async function globalSetup() {
  if (!existsSync(join(ROOT, "build/server/index.js"))) {
    const build = spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("The production build failed.");
  }

  const persistTo = mkdtempSync(join(tmpdir(), "artist-e2e-"));
  migrateLocal(persistTo);
  await seed({ persistTo });
  // The old site's image host, and one post still on it, for the migration tool.
  const legacyPort = await freePort();
  const legacyHost = await startLegacyHost(legacyPort);
  await seedLegacyPost(persistTo, `http://${LEGACY_HOST}:${legacyPort}`);

  const [port, inspectorPort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  // Its own process group, so teardown stops wrangler and the workerd it starts, not just a wrapper.
  const child = spawn(
    join(ROOT, "node_modules/.bin/wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistTo,
      // Committed example values, so a developer's own .dev.vars never changes what the tests see.
      "--env-file",
      ".dev.vars.example",
      "--var",
      `SITE_URL:${baseURL}`,
      "--var",
      `LEGACY_IMAGE_HOSTS:${LEGACY_HOST}`,
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
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
      // wrangler normally stops within a second; never let teardown hang the test run.
      const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    signalGroup("SIGKILL");
    legacyHost.close();
    rmSync(persistTo, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseURL, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseURL;

  return stop;
}
