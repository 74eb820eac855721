// Where the local runtime's CPU goes on a request, isolate by isolate, for `npm run profile`. `wrangler dev` runs
// the Worker in a workerd process with every part of the platform it emulates as isolates of their own (local
// D1, the static assets' router, wrangler's entry worker, its local trace collector), all on one thread. The
// bench's static file never enters the Worker, D1 or the trace collector, so a render's ratio to it is decided
// by the whole process, not by the Worker's isolate alone (docs/performance.md, "Where a render's time goes").
import autocannon from "autocannon";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { busyMs, profileIsolates } from "./cpu-profile";
import { Inspector } from "./inspector";
import { processCpuMs, workerdProcesses } from "./process-cpu";

/** The Worker's isolate, as workerd names it (wrangler.toml's name); wrangler's inspector profiles it. */
const WORKER = "core:user:artist-portfolio";

/** The workerd of `group` that runs the Worker (the other one is wrangler's proxy in front of it). */
function workerProcess(group: number): number {
  const runtime = workerdProcesses(group).find(({ pid }) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--inspector-addr");
    } catch {
      return false; // gone
    }
  });
  if (!runtime) throw new Error(`No workerd with an inspector in process group ${group}.`);
  return runtime.pid;
}

/** The TCP ports `pid` listens on, from its sockets' inodes and /proc/net/tcp. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
    } catch {
      continue;
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === "0A" && inodes.has(columns[9]!)) // 0A: LISTEN
    .map((columns) => parseInt(columns[1]!.split(":")[1]!, 16));
}

type Target = { id: string; webSocketDebuggerUrl: string };

/** Every isolate of the Worker's workerd, from workerd's own inspector (not wrangler's, which shows the Worker alone). */
async function isolatesOf(pid: number): Promise<Target[]> {
  for (const port of listeningPorts(pid)) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) });
      const targets = (await answer.json()) as Target[];
      if (Array.isArray(targets) && targets.some(({ id }) => id.startsWith("core:user:"))) return targets;
    } catch {
      continue; // another server (the Worker itself, the debug port)
    }
  }
  throw new Error(`workerd ${pid} lists no isolates.`);
}

/** The parts named in the report, by isolate id; every other isolate is summed as "other isolates". */
const PARTS: Array<{ part: string; matches: (id: string) => boolean }> = [
  { part: "local D1 (the emulated database)", matches: (id) => id.startsWith("d1:") },
  { part: "static assets' router (Workers static assets)", matches: (id) => id.startsWith("assets:") },
  { part: "wrangler's entry worker", matches: (id) => id === "core:entry" },
  { part: "wrangler's local trace collector", matches: (id) => id.includes("observability-collector") },
];

/**
 * CPU Linux charged the Worker's workerd per request of `url` under load (10 connections for 4 s, after a second of
 * warming up), as the bench measures it: one request at a time, workerd would also pay for waking up between
 * them. Take it before any profiler has been attached: once one has, every request costs workerd more.
 */
export async function processMsPerRequest(
  group: number,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const pid = workerProcess(group);
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const before = processCpuMs(pid);
  const { requests } = await autocannon({ url, headers, connections: 10, duration: 4 });
  return (processCpuMs(pid) - before) / requests.total;
}

/**
 * CPU per request of `send` in each part of the Worker's workerd but the Worker's own isolate (wrangler's to
 * profile: cpu-profile.ts): V8's profiler on the part's isolates, one part at a time, so that a profiler's
 * own cost lands in its part only.
 */
export async function isolateParts(
  group: number,
  send: () => Promise<void>,
  count: number,
): Promise<Array<{ part: string; ms: number }>> {
  const targets = (await isolatesOf(workerProcess(group))).filter(({ id }) => id !== WORKER);
  const groups = new Map<string, Target[]>();
  for (const target of targets) {
    const part = PARTS.find(({ matches }) => matches(target.id))?.part ?? "other isolates";
    groups.set(part, [...(groups.get(part) ?? []), target]);
  }
  const parts: Array<{ part: string; ms: number }> = [];
  for (const [part, members] of groups) {
    const inspectors = await Promise.all(
      members.map(({ webSocketDebuggerUrl }) => Inspector.connectTo(webSocketDebuggerUrl)),
    );
    const profiles = await profileIsolates(inspectors, send, count);
    parts.push({ part, ms: profiles.reduce((sum, profile) => sum + busyMs(profile), 0) / count });
  }
  return parts.sort((a, b) => b.ms - a.ms);
}
