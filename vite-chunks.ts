// Budget: JavaScript ≤ 100 KB gzip on every public page (`npm run bench`). Measured gain against Rollup's own
// chunks: the artwork page 102.2 -> 98.0 KB, /commissions/request 104.0 -> 99.3 KB, every page about 4 KB less
// (docs/performance.md, run S).
//
// Rollup splits the modules shared by the site's 63 route entries into a chunk per set of entries that
// share them: 25 files of a few hundred bytes on the artwork page, each compressed alone, each listed again
// in the route manifest every page loads. Two groups are known to load together, so each goes in one file:
// - `shared`: everything the root route and the browser entry import. Every page loads both, so nothing in
//   it is code a page would not have loaded anyway (React, Remix, the header, footer and subscribe form).
// - `forms`: what every form is made of (its fields, spam guards, and sending that keeps what was typed):
//   each page with a form uses nearly all of it; a page without one never loads it.
// The browser entry module itself stays its own chunk, so its code still runs only when Remix imports it,
// after the route modules are in place.
import type { GetModuleInfo } from "rollup";
import type { Plugin } from "vite";

const ENTRY = /\/app\/entry\.client\.tsx$/;
const GROUPS = {
  shared: [/\/app\/root\.tsx$/, ENTRY],
  forms: [/\/app\/forms\/(FormField\.tsx|SpamGuards\.tsx|use-enhanced-form\.ts|send-form\.ts)$/],
};

/** The modules `seeds` import, directly or not, themselves included. */
function importedFrom(getModuleInfo: GetModuleInfo, ids: readonly string[], seeds: RegExp[]) {
  const seen = new Set<string>();
  const stack = ids.filter((id) => seeds.some((seed) => seed.test(id)));
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function chunksThatLoadTogether(): Plugin {
  return {
    name: "chunks-that-load-together",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    config: () => {
      let groupOf: Map<string, string> | undefined;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleIds, getModuleInfo }) {
                if (!groupOf) {
                  groupOf = new Map();
                  const ids = [...getModuleIds()];
                  // Earlier groups keep their modules: what every page loads is never in `forms`.
                  for (const [name, seeds] of Object.entries(GROUPS)) {
                    for (const module of importedFrom(getModuleInfo, ids, seeds)) {
                      if (!groupOf.has(module) && !ENTRY.test(module)) groupOf.set(module, name);
                    }
                  }
                }
                return groupOf.get(id);
              },
            },
          },
        },
      };
    },
  };
}
