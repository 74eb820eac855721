// Peak resident memory, read from Linux: of this process, and of the workerd runtimes it started (local
// D1 and R2 run there when wrangler's bindings are used from Node).
import { readFileSync } from "node:fs";

function peakKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

/** Megabytes: this process's peak, and the largest peak of its workerd children (0 when none, or not Linux). */
export function peakMemoryMb(): { self: number; workerd: number } {
  const self = Math.round(process.resourceUsage().maxRSS / 1024);
  let workerd = 0;
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8").trim().split(/\s+/);
    for (const pid of children.filter(Boolean).map(Number)) {
      const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      if (name === "workerd") workerd = Math.max(workerd, Math.round(peakKb(pid) / 1024));
    }
  } catch {
    // Not Linux: only this process's figure.
  }
  return { self, workerd };
}
