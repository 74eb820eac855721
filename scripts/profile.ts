// `npm run profile [-- /path …]`: where the CPU of a rendered request goes, before optimising. Serves
// the production build (unminified, for readable names) on the bench collection, sends each path 50
// times one after another under V8's sampling profiler, and prints every function's CPU
// milliseconds per request, heaviest first (default: the public pages the bench measures). First, the
// whole local runtime's CPU per request and its parts: the Worker, local D1, the static assets' router,
// wrangler's own workers (scripts/lib/runtime-parts.ts).
import { BENCH_COLLECTION, benchArtworks, seedBenchCollection } from "./lib/bench-collection";
import { msByFunction } from "./lib/cpu-profile";
import { ensureBuild, serveSeededBuild } from "./lib/served-build";
import { isolateParts, processMsPerRequest } from "./lib/runtime-parts";

const REQUESTS = 50;
const SHOWN = Number(process.env.PROFILE_SHOWN ?? 25);
const given = process.argv.slice(2).filter((arg: string) => arg.startsWith("/"));
const paths = given.length
  ? given
  : [
      "/",
      "/gallery",
      `/post/${benchArtworks(BENCH_COLLECTION.artworks).at(-1)!.id}`,
      "/events",
      "/testimonials",
      "/robots.txt",
    ];

ensureBuild({ fresh: true });
const served = await serveSeededBuild({ name: "profile", prepare: seedBenchCollection, unminified: true });
// Rendered afresh, as the first visitor after a save gets it.
const FRESH = { "Cache-Control": "no-cache" };
const sender = (path: string) => async () =>
  void (await (await fetch(served.baseURL + path, { headers: FRESH })).arrayBuffer());
try {
  // The whole process first, before any profiler is attached (one makes every later request cost more), with
  // the bench's reference beside it: a static file, which never enters the Worker.
  const STATIC = "/favicon.svg";
  const processMs = new Map<string, number>();
  for (const path of [STATIC, ...paths]) {
    processMs.set(path, await processMsPerRequest(served.pid, served.baseURL + path, path === STATIC ? {} : FRESH));
  }
  console.log(`\n${processMs.get(STATIC)!.toFixed(2)} ms of workerd's CPU per request of the static file ${STATIC}`);
  for (const path of paths) {
    const send = sender(path);
    const { totalMs, parts, functions } = await msByFunction(served.inspectorPort, send, REQUESTS);
    const row = (ms: number, selfMs: number, name: string) =>
      `${ms.toFixed(2).padStart(9)} ${selfMs.toFixed(2).padStart(8)}  ${name}`;
    const others = await isolateParts(served.pid, send, REQUESTS);
    const elsewhere = others.reduce((sum, { ms }) => sum + ms, 0);
    const wholeMs = processMs.get(path)!;
    console.log(`\n## ${path}: ${totalMs} ms CPU per request in the Worker\n`);
    console.log(
      `${wholeMs.toFixed(2).padStart(9)} ms  the Worker's workerd process (/proc, at 10 connections, no profiler attached)`,
    );
    console.log(`${totalMs.toFixed(2).padStart(9)} ms  the Worker's isolate (below)`);
    for (const { part, ms } of others) console.log(`${ms.toFixed(2).padStart(9)} ms  ${part}`);
    const rest = wholeMs - totalMs - elsewhere;
    console.log(
      `${rest.toFixed(2).padStart(9)} ms  the rest: workerd outside any isolate (sockets, HTTP, streams between isolates)\n`,
    );
    for (const { part, ms } of parts) console.log(`${ms.toFixed(2).padStart(9)} ms  ${part}`);
    console.log(`\n${"inclusive".padStart(9)} ${"own".padStart(8)}`);
    for (const { ms, selfMs, name } of functions.slice(0, SHOWN)) console.log(row(ms, selfMs, name));
    console.log(`\nheaviest on their own:`);
    const own = [...functions].sort((a, b) => b.selfMs - a.selfMs);
    for (const { ms, selfMs, name } of own.slice(0, SHOWN)) console.log(row(ms, selfMs, name));
  }
} finally {
  await served.stop();
}
