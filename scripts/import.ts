// `npm run import -- --file export.json [--storage-bucket BUCKET] [--remote] [--persist-to DIR]`: loads a Firestore-style JSON export
// of the old site (posts, events, testimonials; document ids kept) into D1 through `wrangler d1 execute`,
// local by default. Every record is checked; bad ones are listed and skipped. Re-running updates, never
// duplicates.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readFirestoreExport } from "../app/legacy/firestore-export";
import { importStatements } from "../app/legacy/import-sql";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function main(): number {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const file = valueOf("--file");
  if (!file) {
    console.error(
      "Usage: npm run import -- --file export.json [--storage-bucket BUCKET] [--remote] [--persist-to DIR]",
    );
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`Could not read ${file} as JSON: ${(error as Error).message}`);
    return 2;
  }

  const { rows, rejected } = readFirestoreExport(json, { storageBucket: valueOf("--storage-bucket") });
  for (const { collection, id, reason } of rejected) console.log(`rejected ${collection}/${id}: ${reason}`);
  const statements = importStatements(rows);
  if (statements.length > 0) {
    const dir = mkdtempSync(join(tmpdir(), "import-"));
    const sqlFile = join(dir, "import.sql");
    writeFileSync(sqlFile, statements.join("\n") + "\n");
    const where = args.includes("--remote") ? ["--remote"] : ["--local"];
    const persistTo = valueOf("--persist-to");
    if (persistTo) where.push("--persist-to", persistTo);
    const result = spawnSync(
      join(ROOT, "node_modules", ".bin", "wrangler"),
      ["d1", "execute", "DB", ...where, "--file", sqlFile, "--yes"],
      { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
    );
    rmSync(dir, { recursive: true, force: true });
    if (result.status !== 0) {
      console.error("wrangler d1 execute failed; nothing was imported from this run.");
      return 1;
    }
  }
  const target = args.includes("--remote") ? "remote" : "local";
  console.log(
    `Imported into ${target} D1: ${rows.artworks.length} posts, ${rows.events.length} events, ${rows.testimonials.length} testimonials; ${rejected.length} rejected.`,
  );
  return 0;
}

process.exitCode = main();
