// `npm run bench:backup`: how much memory `npm run export` takes on the demo content and on 500 artworks
// with 1,000 images (scripts/lib/bench-backup.ts), printed as a table for docs/performance.md. A measure,
// not yet a budget: see "The backup's memory" there.
import { measureBackupExport } from "./lib/bench-backup";

const rows = await measureBackupExport();
console.log("\n| store | artworks | images | archive | time | npm run export (Node) | local runtime (workerd) |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  console.log(
    `| ${row.store} | ${row.artworks} | ${row.images} | ${row.megabytes} MB | ${row.seconds} s | ${row.peakMb} MB | ${row.workerdPeakMb} MB |`,
  );
}
