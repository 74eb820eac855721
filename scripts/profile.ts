// `npm run profile [-- /path …]`: where the CPU of a rendered request goes, before optimising. Serves
// the production build (unminified, for readable names) on the bench collection, sends each path 30
// times one after another under V8's sampling profiler, and prints every function's inclusive CPU
// milliseconds per request, heaviest first (default: the public pages the bench measures).
import { BENCH_COLLECTION, benchPosts, seedBenchCollection } from "./lib/bench-collection";
import { cpuMsPerRequest, inclusiveMsByFunction } from "./lib/cpu-profile";
import { ensureBuild, serveSeededBuild } from "./lib/served-build";

const REQUESTS = 30;
const SHOWN = 25;
const given = process.argv.slice(2).filter((arg: string) => arg.startsWith("/"));
const paths = given.length
  ? given
  : [
      "/",
      "/gallery",
      `/post/${benchPosts(BENCH_COLLECTION.artworks).at(-1)!.id}`,
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
    const total = await cpuMsPerRequest(served.inspectorPort, send, REQUESTS);
    const functions = await inclusiveMsByFunction(served.inspectorPort, send, REQUESTS);
    console.log(`\n## ${path}: ${total} ms CPU per request\n`);
    for (const { ms, name } of functions.slice(0, SHOWN)) console.log(`${ms.toFixed(2).padStart(6)} ms  ${name}`);
  }
} finally {
  await served.stop();
}
