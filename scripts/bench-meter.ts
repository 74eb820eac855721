// `npm run bench:meter`: checks the bench's CPU meter (scripts/lib/cpu-profile.ts) against the truth.
// Serves a Worker that only burns a known number of loop steps, and compares, per request, what the
// meter reads in the isolate with the CPU time Linux charged workerd's threads (/proc), less the same
// for an empty request. Exits 1 when the meter is off by more than 15% and 0.6 ms (or reads over 0.3 ms for no
// work).
import { cpuMsPerRequest } from "./lib/cpu-profile";
import { workerdCpuMs } from "./lib/process-cpu";
import { startWranglerDev } from "./lib/wrangler-dev";

const REQUESTS = 300;
const STEPS = [0, 300_000, 1_000_000, 3_000_000];

const served = await startWranglerDev(() => [
  "scripts/lib/cpu-burn-worker.ts",
  "--name",
  "cpu-burn",
  "--compatibility-date",
  "2025-09-01",
]);

function sender(base: string, steps: number) {
  return async () => void (await (await fetch(`${base}/?n=${steps}`)).arrayBuffer());
}

let failed = false;
try {
  const base = served.baseURL;
  // The threads' CPU first: once the profiler has been attached, every request costs workerd more.
  const processMs = new Map<number, number>();
  for (const steps of STEPS) {
    const send = sender(base, steps);
    for (let i = 0; i < 20; i++) await send();
    const before = workerdCpuMs(served.pid);
    for (let i = 0; i < REQUESTS; i++) await send();
    processMs.set(steps, (workerdCpuMs(served.pid) - before) / REQUESTS);
  }
  console.log("| loop steps | true CPU per request (ms) | meter (ms) | off by |\n|---|---|---|---|");
  for (const steps of STEPS) {
    const trueMs = processMs.get(steps)! - processMs.get(0)!;
    const meterMs = await cpuMsPerRequest(served.inspectorPort, sender(base, steps), REQUESTS);
    const off = steps === 0 ? meterMs : Math.abs(meterMs - trueMs) / trueMs;
    const ok = steps === 0 ? meterMs <= 0.3 : off <= 0.15 || Math.abs(meterMs - trueMs) <= 0.6;
    failed ||= !ok;
    const shown = steps === 0 ? `${meterMs} ms` : `${Math.round(off * 100)}%`;
    console.log(`| ${steps} | ${trueMs.toFixed(2)} | ${meterMs} | ${shown}${ok ? "" : " MISSED"} |`);
  }
} finally {
  await served.stop();
}
process.exit(failed ? 1 : 0);
