// CPU time Linux has charged the workerd processes of one `wrangler dev` (every isolate of the process:
// the Worker, local D1, the cache, wrangler's entry worker), read from /proc. The isolate's profiler
// (cpu-profile.ts) sees the Worker alone; this sees everything a request costs the machine.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / 100; // USER_HZ, 100 on Linux

type Stat = { pid: number; name: string; group: number; cpuMs: number };

/** One process's line of /proc/<pid>/stat: its name, process group and CPU (user + system, every thread). */
function statOf(pid: number): Stat {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[2] is the process group; the process's own line counts every thread, ended ones too.
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  return { pid, name: text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")), group: Number(fields[2]), cpuMs };
}

/** The workerd processes in process group `group`. */
export function workerdProcesses(group: number): Stat[] {
  const found: Stat[] = [];
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = statOf(Number(pid));
      if (stat.name === "workerd" && stat.group === group) found.push(stat);
    } catch {
      continue; // gone
    }
  }
  return found;
}

/** CPU milliseconds (user + system, all threads) of the workerd processes in process group `group`. */
export function workerdCpuMs(group: number): number {
  return workerdProcesses(group).reduce((sum, { cpuMs }) => sum + cpuMs, 0);
}

/** CPU milliseconds Linux has charged one process. */
export function processCpuMs(pid: number): number {
  return statOf(pid).cpuMs;
}
