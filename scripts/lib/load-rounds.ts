// Load in whole rounds, one target at a time: each round of each target has the server to itself, so a
// reference (the static file) is never queued behind the page it is compared with. Targets take turns
// round by round (static, page A, page B…, static, page A…), so slow drift of the machine meets every
// target alike, and the median of the rounds is reported. The earlier bench alternated the static
// file and the page on the same connections: on one single-threaded workerd the static requests then
// waited behind the renders, the reference slowed down with the page, and the ratio could not fail.
import autocannon from "autocannon";
import { workerdCpuMs } from "./process-cpu";

export type Served = "static" | "cached (local stand-in)" | "rendered";

export type Target = {
  path: string;
  served: Served;
  /** Headers of its requests (`Cache-Control: no-cache` has a page rendered afresh). */
  headers?: Record<string, string>;
};

export type RoundOptions = {
  connections: number;
  /** Seconds of each round. */
  duration: number;
  rounds: number;
  /** wrangler's process group, whose workerd CPU (/proc) is divided among the round's requests. */
  processGroup?: number;
};

export type Measured = Target & {
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU Linux charged workerd (every isolate of the process) per request, from /proc; null without a process group. */
  processCpuMsPerRequest: number | null;
  /** Of the answers, the share the public cache served (Cf-Cache-Status: HIT). */
  hitRatio: number;
  errors: number;
  rounds: Array<{ p50Ms: number; p99Ms: number; requests: number }>;
};

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: number[]) => percentile(values, 50);
const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

async function oneRound(baseURL: string, target: Target, options: RoundOptions) {
  const times: number[] = [];
  let answers = 0;
  let hits = 0;
  const setupClient = (client: autocannon.Client) => {
    client.on("headers", (info) => {
      // At run time this is the HTTP parser's record: the headers as a flat [name, value, ...] list.
      const raw = (info as unknown as { headers: string[] }).headers;
      answers++;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.toLowerCase() === "cf-cache-status" && raw[i + 1] === "HIT") hits++;
      }
    });
    client.on("response", (_status, _bytes, responseTime) => times.push(responseTime));
  };
  const cpuBefore = options.processGroup === undefined ? 0 : workerdCpuMs(options.processGroup);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: baseURL,
        connections: options.connections,
        duration: options.duration,
        requests: [{ path: target.path, headers: target.headers ?? {} }],
        setupClient,
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    ),
  );
  const cpuMs = options.processGroup === undefined ? NaN : workerdCpuMs(options.processGroup) - cpuBefore;
  return {
    times,
    cpuMsPerRequest: times.length ? cpuMs / times.length : NaN,
    hitRatio: answers ? hits / answers : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Every target in `options.rounds` rounds of its own, taking turns round by round: medians per target. */
export async function measureInRounds(baseURL: string, targets: Target[], options: RoundOptions): Promise<Measured[]> {
  const rounds = targets.map(() => [] as Awaited<ReturnType<typeof oneRound>>[]);
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, target] of targets.entries()) rounds[i]!.push(await oneRound(baseURL, target, options));
  }
  return targets.map((target, i) => {
    const measured = rounds[i]!;
    const requests = measured.reduce((sum, r) => sum + r.times.length, 0);
    const cpu = median(measured.map((r) => r.cpuMsPerRequest));
    return {
      ...target,
      connections: options.connections,
      requestsPerSecond: Math.round(requests / (options.duration * options.rounds)),
      p50Ms: round1(median(measured.map((r) => percentile(r.times, 50)))),
      p99Ms: round1(median(measured.map((r) => percentile(r.times, 99)))),
      processCpuMsPerRequest: Number.isNaN(cpu) ? null : round2(cpu),
      hitRatio: Math.round(median(measured.map((r) => r.hitRatio)) * 10000) / 10000,
      errors: measured.reduce((sum, r) => sum + r.errors, 0),
      rounds: measured.map((r) => ({
        p50Ms: round1(percentile(r.times, 50)),
        p99Ms: round1(percentile(r.times, 99)),
        requests: r.times.length,
      })),
    };
  });
}
