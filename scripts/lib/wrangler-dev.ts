// `wrangler dev` on free ports, stopped as a whole: the e2e servers, the bench's, `npm run bench:meter`'s
// burner and `npm run export`'s export Worker all start this way. Light on purpose: `npm run export`
// loads it, and its memory is measured (docs/performance.md).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT } from "./root";

/** Ports this process has handed out: the kernel may offer a closed one again to the next caller. */
const handedOut = new Set<number>();

/**
 * A port below the kernel's ephemeral range. Ports the kernel hands out itself (a workerd's internal
 * sockets, an outgoing connection's own end, another process's `listen(0)`) all come from that range,
 * so one picked there could be taken by another server between being found free and being bound.
 */
export async function freePort(): Promise<number> {
  const [low, high] = belowEphemeralRange();
  for (let tries = 0; tries < 1000; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port between ${low} and ${high}.`);
}

function belowEphemeralRange(): [number, number] {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual default.
  }
  // A host whose ephemeral range starts low leaves no room below it: then a usual range, and the
  // retry on "Address already in use" (startWranglerDev) is what remains.
  return ephemeralLow >= 13_024 ? [ephemeralLow - 12_000, ephemeralLow] : [20_000, 30_000];
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
 * Runs `wrangler dev` with the arguments `argsFor` gives for its URL, on free ports, until it answers.
 * A free port can be taken between being found and being bound by another process picking from the same
 * range (an e2e test's command beside global setup's servers), so a start that meets "Address already
 * in use" is tried again on new ports.
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
      // render than the production build that deploys. X_LOCAL_OBSERVABILITY: wrangler dev otherwise
      // stores a trace of every Worker request in a local database for its own explorer (a developer's
      // tool, not part of what deploys), in the Worker's process: 0.3 to 0.9 ms of CPU a render, which
      // the static file never pays (docs/performance.md, run R). `npm start` keeps it.
      env: {
        ...process.env,
        NODE_ENV: "production",
        X_LOCAL_OBSERVABILITY: "false",
        WRANGLER_SEND_METRICS: "false",
        CI: "true",
      },
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
