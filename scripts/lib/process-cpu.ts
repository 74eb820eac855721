// CPU time Linux has charged the workerd processes of one `wrangler dev` (every isolate of the process:
// the Worker, local D1, the cache, wrangler's entry worker), read from /proc. The isolate's profiler
// (cpu-profile.ts) sees the Worker alone; this sees everything a request costs the machine.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / 100; // USER_HZ, 100 on Linux

/** CPU milliseconds (user + system, all threads) of the workerd processes in process group `group`. */
export function workerdCpuMs(group: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      // fields[2] is the process group; the process's own line counts every thread, ended ones too.
      if (name !== "workerd" || Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      continue; // gone
    }
  }
  return ticks * TICK_MS;
}
