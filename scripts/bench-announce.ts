// `npm run bench:announce`: an announcement to 10,000 confirmed subscribers alone (scripts/lib/bench-announce.ts;
// `npm run bench` runs it too), printed as a table for docs/performance.md. Exits 1 when a budget is missed.
//   --seed N   the fake MailChannels' PRNG seed (default: a random one, printed), to draw the same failures again
import { announceChecks, announceTable, measureAnnouncement } from "./lib/bench-announce";

const args = process.argv.slice(2);
const seedAt = args.indexOf("--seed");
const seed = seedAt >= 0 && args[seedAt + 1] ? Number(args[seedAt + 1]) : undefined;
if (seed !== undefined && !Number.isSafeInteger(seed))
  throw new Error(`--seed takes an integer, not ${args[seedAt + 1]}`);

const row = await measureAnnouncement({ seed });
console.log(`\n${announceTable(row)}\n`);
if (row.workerErrors.length) console.log(`The Worker logged:\n${row.workerErrors.join("\n")}\n`);
const checks = announceChecks(row);
for (const check of checks) console.log(`${check.ok ? "ok" : "MISSED"}: ${check.budget}: ${check.measured}`);
process.exitCode = checks.every((check) => check.ok) ? 0 : 1;
