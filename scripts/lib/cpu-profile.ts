// CPU time a request costs inside the Worker's isolate: V8's sampling profiler, reached through the
// inspector `wrangler dev` exposes (--inspector-port), runs while the requests are sent one after
// another, and the samples taken in the isolate are counted.
//
// Why samples and not the time between them: workerd runs every isolate of the process (the Worker,
// local D1, the cache, wrangler's entry worker) on one thread, and V8 takes no sample while another
// isolate, or none, is entered. The next sample then carries the whole gap in its time delta, so
// summing deltas (as DevTools' totals do) gives back wall time: 12 ms for /robots.txt, whose isolate
// works about 1 ms. Each sample counts for the sampler's real period instead (sampleMicros);
// validated against the CPU time Linux counts for workerd on a Worker that burns a known amount
// (`npm run bench:meter`, figures in docs/performance.md).

import { Inspector } from "./inspector";

type Profile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
};

/** Inspector names for time not spent running the Worker's code or the runtime on its behalf. */
const NOT_WORKING = new Set(["(idle)"]);
/** V8's sampling interval. */
const INTERVAL_MICROS = 500;

/**
 * The microseconds each sample stands for: the sampler's real period (the median delta between
 * samples taken back to back, longer than the interval asked for on a busy machine); 0 for a sample of
 * the idle isolate.
 */
function sampleMicros(profile: Profile): number[] {
  const name = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  const backToBack = profile.timeDeltas.filter((delta) => delta < 2 * INTERVAL_MICROS).sort((a, b) => a - b);
  const period = backToBack[Math.floor(backToBack.length / 2)] ?? INTERVAL_MICROS;
  return profile.samples.map((node) => (NOT_WORKING.has(name.get(node) ?? "") ? 0 : period));
}

/** Milliseconds the isolate worked during the profile. */
export function busyMs(profile: Profile): number {
  return sampleMicros(profile).reduce((sum, micros) => sum + micros, 0) / 1000;
}

/** The profile of `send` run `count` times one after another (after one unprofiled run, so compiling is not counted). */
async function profileRequests(inspectorPort: number, send: () => Promise<void>, count: number): Promise<Profile> {
  const [profile] = await profileIsolates([await Inspector.connect(inspectorPort)], send, count);
  return profile!;
}

/**
 * One profile per isolate, all taken during the same `count` requests (after one unprofiled run); closes
 * the inspectors.
 */
export async function profileIsolates(
  inspectors: Inspector[],
  send: () => Promise<void>,
  count: number,
): Promise<Profile[]> {
  try {
    await send();
    for (const inspector of inspectors) {
      await inspector.send("Profiler.enable");
      await inspector.send("Profiler.setSamplingInterval", { interval: INTERVAL_MICROS });
      await inspector.send("Profiler.start");
    }
    for (let i = 0; i < count; i++) await send();
    const profiles: Profile[] = [];
    for (const inspector of inspectors) {
      profiles.push((await inspector.send<{ profile: Profile }>("Profiler.stop")).profile);
      await inspector.send("Profiler.disable");
    }
    return profiles;
  } finally {
    for (const inspector of inspectors) inspector.close();
  }
}

/** CPU milliseconds per request of `send`: the median of `profiles` profiles of `count` requests each. */
export async function cpuMsPerRequest(
  inspectorPort: number,
  send: () => Promise<void>,
  count: number,
  profiles = 3,
): Promise<number> {
  const perRequest: number[] = [];
  for (let i = 0; i < profiles; i++) {
    perRequest.push(busyMs(await profileRequests(inspectorPort, send, count)) / count);
  }
  perRequest.sort((a, b) => a - b);
  return Math.round(perRequest[Math.floor(perRequest.length / 2)]! * 100) / 100;
}

/**
 * The parts of a request a sample is charged to: the first of these matching its stack, from the
 * function running up to the Worker's entry (so a D1 call inside a loader is D1, the loader's own code
 * is Remix's). Names are those of the unminified bundle `npm run profile` serves.
 */
const PARTS: Array<{ part: string; matches: (frame: Profile["nodes"][number]["callFrame"]) => boolean }> = [
  {
    part: "D1 (binding and drizzle's row mapping)",
    matches: ({ url, functionName }) =>
      url.includes("d1-api") || /^(mapResultRow|mapFromDriverValue|mapAllResult|queryWithCache)$/.test(functionName),
  },
  {
    part: "dates and prices",
    matches: ({ functionName }) =>
      /^(formatEventDate|formatDateTime|formatPrice|todayIn|eventStatus)$/.test(functionName),
  },
  {
    part: "loader data serialisation (turbo-stream)",
    matches: ({ url, functionName }) =>
      url.endsWith("server.js") && /^(encodeViaTurboStream|flatten|stringify|encode\d*)$/.test(functionName),
  },
  { part: "React render (entry.server.tsx)", matches: ({ functionName }) => functionName === "handleRequest" },
  {
    part: "Remix: routing, loaders, headers",
    matches: ({ functionName }) =>
      /^(requestHandler|handleDocumentRequest|handleSingleFetchRequest)$/.test(functionName),
  },
  { part: "local cache stand-in (not in production)", matches: ({ functionName }) => functionName === "standIn" },
  {
    part: "wrangler's dev middleware (not in production)",
    matches: ({ functionName }) => functionName.startsWith("__facade"),
  },
  {
    part: "Worker entry (server.ts)",
    matches: ({ url, functionName }) => url.endsWith("server.js") && functionName === "fetch",
  },
  { part: "garbage collection", matches: ({ functionName }) => functionName === "(garbage collector)" },
];

/**
 * Where a request's CPU goes, for `npm run profile`: the CPU per request and each function's
 * milliseconds per request, inclusive (itself and what it calls) and its own, the heaviest first.
 * Names are readable on an unminified bundle.
 */
export async function msByFunction(
  inspectorPort: number,
  send: () => Promise<void>,
  count: number,
): Promise<{
  totalMs: number;
  parts: Array<{ part: string; ms: number }>;
  functions: Array<{ ms: number; selfMs: number; name: string }>;
}> {
  const profile = await profileRequests(inspectorPort, send, count);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = ({ callFrame }: Profile["nodes"][number]) =>
    `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").at(-1)}:${callFrame.lineNumber + 1}`;
  const micros = sampleMicros(profile);
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const perRequest = (micros: number) => Math.round((micros / 1000 / count) * 100) / 100;
  const parts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const own = nameOf(byId.get(id)!);
    self.set(own, (self.get(own) ?? 0) + micros[i]!);
    let part = "other (the runtime, streams, Response copies)";
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const found = PARTS.find(({ matches }) => matches(byId.get(at!)!.callFrame));
      if (found) {
        part = found.part;
        break;
      }
    }
    parts.set(part, (parts.get(part) ?? 0) + micros[i]!);
    // A recursive function counts once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros[i]!);
    }
  });
  const functions = [...inclusive]
    .filter(([name, micros]) => micros > 0 && !name.startsWith("(root)"))
    .map(([name, micros]) => ({ name, ms: perRequest(micros), selfMs: perRequest(self.get(name) ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
  return {
    totalMs: perRequest(busyMs(profile) * 1000),
    parts: [...parts]
      .filter(([, micros]) => micros > 0)
      .map(([part, micros]) => ({ part, ms: perRequest(micros) }))
      .sort((a, b) => b.ms - a.ms),
    functions,
  };
}
