// Every lucide icon, Remix and React chunk repeats its licence banner: a few kilobytes on every page
// that no visitor reads. This moves the banners out of the browser's JavaScript into one
// /third-party-licenses.txt shipped with the site, so the notices still go wherever the code goes.
import type { Plugin } from "vite";

// A block comment as minifiers keep them: "/**" or "/*!", then whole lines each starting with " *".
// Anchored on those newlines so that a "/*" inside a string or regular expression never matches.
const BLOCK = /\/\*[*!]\n(?:[ \t]*\*(?!\/).*\n)*?[ \t]*\*\/\n?/g;
const LEGAL = /@license|@preserve|copyright/i;

export function legalCommentsToFile(fileName = "third-party-licenses.txt"): Plugin {
  return {
    name: "legal-comments-to-file",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "post",
    generateBundle(_options, bundle) {
      const notices = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        output.code = output.code.replace(BLOCK, (banner) => {
          if (!LEGAL.test(banner)) return banner;
          notices.add(
            banner
              .replace(/^\/\*[*!]|\*\/\s*$/g, "")
              .split("\n")
              .map((line) => line.replace(/^\s*\* ?/, "").trimEnd())
              .join("\n")
              .trim(),
          );
          return "";
        });
      }
      if (notices.size === 0) return;
      this.emitFile({
        type: "asset",
        fileName,
        source: `Licence notices of the open-source code in this site's JavaScript:\n\n${[...notices].join("\n\n---\n\n")}\n`,
      });
    },
  };
}
