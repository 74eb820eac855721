// `npm run profile [-- /path …]`: where the CPU of a rendered request goes, before optimising. Serves
// the production build (unminified, for readable names) on the bench collection, sends each path 50
// times one after another under V8's sampling profiler, and prints every function's CPU
// milliseconds per request, heaviest first (default: the public pages the bench measures).
import { BENCH_COLLECTION, benchArtworks, seedBenchCollection } from "./lib/bench-collection";
import { msByFunction } from "./lib/cpu-profile";
import { ensureBuild, serveSeededBuild } from "./lib/served-build";

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
try {
  for (const path of paths) {
    // Rendered afresh, as the first visitor after a save gets it.
    const send = async () =>
      void (await (await fetch(served.baseURL + path, { headers: { "Cache-Control": "no-cache" } })).arrayBuffer());
    const { totalMs, parts, functions } = await msByFunction(served.inspectorPort, send, REQUESTS);
    const row = (ms: number, selfMs: number, name: string) =>
      `${ms.toFixed(2).padStart(9)} ${selfMs.toFixed(2).padStart(8)}  ${name}`;
    console.log(`\n## ${path}: ${totalMs} ms CPU per request\n`);
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
