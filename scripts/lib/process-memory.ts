// Peak resident memory, read from Linux: of this process, and of the workerd runtimes beneath a process
// (the local runtime `wrangler dev` starts, where the Worker, local D1 and local R2 run).
import { readFileSync } from "node:fs";

function peakKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // Gone, or not Linux.
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Megabytes: this process's peak, and the largest peak of the workerd processes beneath `root` (0 when none, or not Linux). */
export function peakMemoryMb(root = process.pid): { self: number; workerd: number } {
  const self = Math.round(process.resourceUsage().maxRSS / 1024);
  let workerd = 0;
  for (const pid of descendants(root)) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd") {
        workerd = Math.max(workerd, Math.round(peakKb(pid) / 1024));
      }
    } catch {
      // Ended meanwhile.
    }
  }
  return { self, workerd };
}
