// `npm run import -- --file site-backup.zip [--remote] [--persist-to DIR]` restores a backup archive made by
// `npm run export` (scripts/lib/restore-archive.ts).
// `npm run import -- --firestore PROJECT_ID --credentials key.json [options below]` reads the old site
// straight from Firestore's REST API (app/legacy/firestore-rest.ts), then goes on as a JSON export does.
// `npm run import -- --file export.json [--storage-bucket BUCKET] [--remote] [--persist-to DIR] [--copy-images]`:
// loads a Firestore-style JSON export of the old site (posts, events, testimonials; document ids kept)
// into D1 through `wrangler d1 execute`, local by default. Every record is checked; bad ones are listed
// and skipped. Re-running updates, never duplicates. With --copy-images (local only), every image still
// on the old site's hosts is then copied into R2 with its light copies, as /migration-tool's 'Copy
// automatically' does.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { purgeSql } from "../app/public-cache/purge.server";
import { SITE_TAG } from "../app/public-cache/tags";
import { readFirestoreExport } from "../app/legacy/firestore-export";
import {
  fetchFirestoreCollections,
  FirestoreError,
  LEGACY_COLLECTIONS,
  readServiceAccount,
} from "../app/legacy/firestore-rest";
import { importStatements } from "../app/legacy/import-sql";
import { copyAllLegacyImages } from "../app/legacy/migration.server";
import { getAppEnv } from "../app/platform/env.server";
import { withLocalEnv } from "./lib/local-env";
import { restoreArchive } from "./lib/restore-archive";
import { ROOT } from "./lib/root";
import { countOf, megabytes, progressLine, type Progress } from "./lib/progress";
import { formatNumber } from "~/ui/numbers";
import { printable } from "./lib/printable";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const file = valueOf("--file");
  const project = valueOf("--firestore");
  if (!file && !project) {
    console.error(
      "Usage: npm run import -- --file site-backup.zip [--remote] [--persist-to DIR]\n" +
        "   or: npm run import -- --firestore PROJECT_ID --credentials key.json [--firestore-url URL] [JSON options]\n" +
        "   or: npm run import -- --file export.json [JSON options]\n" +
        "JSON options: [--storage-bucket BUCKET] [--remote] [--persist-to DIR] [--copy-images]",
    );
    return 2;
  }
  const progress = progressLine();
  if (file && isZip(file)) return restoreArchive(file, args, valueOf("--persist-to"), progress);
  const json = project
    ? await readFirestore(project, valueOf("--credentials"), valueOf("--firestore-url"), progress)
    : readJson(file!);
  if (json === undefined) return 2;

  const { rows, rejected, cleaned } = readFirestoreExport(json, { storageBucket: valueOf("--storage-bucket") });
  for (const { collection, id, reason } of rejected) {
    console.log(`rejected ${collection}/${printable(id)}: ${printable(reason)}`);
  }
  for (const { collection, id, removed } of cleaned) {
    console.log(
      `cleaned ${collection}/${printable(id)}: removed ${removed} control character${removed === 1 ? "" : "s"} (NUL and the like)`,
    );
  }
  const statements = importStatements(rows);
  if (statements.length > 0) {
    const dir = mkdtempSync(join(tmpdir(), "import-"));
    const sqlFile = join(dir, "import.sql");
    // Pages cached by the stand-in render again; Workers Cache needs "Refresh public pages" (docs/operations.md).
    writeFileSync(sqlFile, [...statements, purgeSql([SITE_TAG])].join("\n") + "\n");
    const where = args.includes("--remote") ? ["--remote"] : ["--local"];
    const persistTo = valueOf("--persist-to");
    if (persistTo) where.push("--persist-to", persistTo);
    // One file, one run of wrangler: how many records are in is known only once it has finished.
    progress.show(`Writing ${formatNumber(statements.length)} records into ${where[0]!.slice(2)} D1…`);
    const result = spawnSync(
      join(ROOT, "node_modules", ".bin", "wrangler"),
      ["d1", "execute", "DB", ...where, "--file", sqlFile, "--yes"],
      { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
    );
    progress.clear();
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
  if (target === "remote" && statements.length > 0) {
    console.log('Visitors see the import once you press "Refresh public pages" on the dashboard.');
  }
  if (!args.includes("--copy-images")) return 0;
  if (target === "remote") {
    console.error(
      "--copy-images works on the local store only; use 'Copy automatically' on /migration-tool in production.",
    );
    return 2;
  }
  progress.show("Finding the posts with images on the old site's hosts…");
  const report = await withLocalEnv(valueOf("--persist-to"), (env) =>
    copyAllLegacyImages(env, getAppEnv(env).LEGACY_IMAGE_HOSTS, ({ done, total, images, bytes }) =>
      progress.update(
        `Copying images: posts ${countOf(done, total)}, ${formatNumber(images)} images, ${megabytes(bytes)}`,
      ),
    ),
  );
  progress.clear();
  for (const { id, title, reason } of report.failed) {
    console.log(`not copied: posts/${printable(id)} "${printable(title)}": ${printable(reason)}`);
  }
  console.log(
    `Copied the images of ${report.migrated} posts into R2, with their light copies; ${report.failed.length} not copied.`,
  );
  return report.failed.length > 0 ? 1 : 0;
}

/** A zip file (a backup) by its first bytes, whatever its name; a JSON export otherwise. */
function isZip(file: string): boolean {
  try {
    const fd = openSync(file, "r");
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    closeSync(fd);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } catch {
    return /\.zip$/i.test(file); // unreadable: the reader says why
  }
}

/** The export file's JSON, or undefined after saying why it cannot be read. */
function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`Could not read ${file} as JSON: ${(error as Error).message}`);
    return undefined;
  }
}

/** The old site's collections from Firestore, or undefined after one line saying what went wrong. */
async function readFirestore(
  project: string,
  credentials: string | undefined,
  baseUrl: string | undefined,
  progress: Progress,
) {
  if (!credentials) {
    console.error("--firestore needs --credentials: the service account's key file (JSON).");
    return undefined;
  }
  try {
    const key = readJson(credentials);
    if (key === undefined) return undefined;
    const account = readServiceAccount(key, credentials);
    // Listed page by page: how many there are is known only at the last page of each collection.
    const listed: Partial<Record<string, number>> = {};
    progress.show(`Reading from Firestore project "${project}"…`);
    const collections = await fetchFirestoreCollections({
      projectId: project,
      account,
      baseUrl,
      listed(collection, documents) {
        listed[collection] = documents;
        const counts = Object.entries(listed).map(([name, n]) => `${name} ${formatNumber(n!)}`);
        progress.update(`Reading from Firestore: ${counts.join(", ")} listed…`);
      },
    });
    progress.clear();
    const counts = LEGACY_COLLECTIONS.map((name) => `${Object.keys(collections[name] ?? {}).length} ${name}`);
    console.log(`Read ${counts.join(", ")} from Firestore project "${project}".`);
    return collections;
  } catch (error) {
    progress.clear();
    if (!(error instanceof FirestoreError)) throw error;
    console.error(printable(error.message));
    return undefined;
  }
}

process.exitCode = await main();
