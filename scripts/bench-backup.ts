// `npm run bench:backup`: the backup's memory alone (scripts/lib/bench-backup.ts; `npm run bench` runs it
// too), printed as a table for docs/performance.md. Exits 1 when a budget is missed.
import { backupChecks, backupTable, measureBackupExport } from "./lib/bench-backup";

const rows = await measureBackupExport();
console.log(`\n${backupTable(rows)}\n`);
const checks = backupChecks(rows);
for (const check of checks) console.log(`${check.ok ? "ok" : "MISSED"}: ${check.budget}: ${check.measured}`);
process.exitCode = checks.every((check) => check.ok) ? 0 : 1;
