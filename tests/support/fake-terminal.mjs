// Preloaded (`NODE_OPTIONS=--import …`) into `npm run export` and `npm run import` by the tests that
// check their progress line: a terminal 200 columns wide, as the commands see it. stderr says it is one
// while it stays the pipe the test reads, and what they print on stdout goes there too, in order, as
// both streams reach one terminal. Only those two commands: wrangler, which they start, gets NODE_OPTIONS too.
import process from "node:process";

if (/scripts[/\\](export|import)\.ts$/.test(process.argv[1] ?? "")) {
  Object.defineProperty(process.stderr, "isTTY", { value: true });
  Object.defineProperty(process.stderr, "columns", { value: 200 });
  process.stdout.write = process.stderr.write.bind(process.stderr);
}
