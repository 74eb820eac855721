// `npm run export -- [--out site-backup.zip] [--remote] [--persist-to DIR] [--measure]`: the whole site as
// one zip (app/backup): every artwork, event, testimonial, message and reply with its id, and every image
// with its light copies under their R2 keys. Local state by default; `--remote` reads the deployed site.
// `npm run import -- --file site-backup.zip` restores it.
//
// The archive is made in the Workers runtime by the dashboard's own download code (a Worker of its own,
// scripts/lib/export-worker.ts, under `wrangler dev` with only the site's D1 and R2), and this command
// only writes its bytes to the file, so its memory does not grow with the images (ADR 0052).
// `--measure` also reports the memory each part took (`npm run bench` passes it; docs/performance.md).
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stripVTControlCharacters } from "node:util";
import { MANIFEST_MAX_BYTES, MANIFEST_NAME } from "../app/backup/layout";
import type { BackupManifest } from "../app/backup/manifest";
import { writeBindingsConfig } from "./lib/bindings-config";
import { archivePath } from "./lib/export-path";
import { halfwayReading, watchIsolateHeap, type IsolateHeap } from "./lib/isolate-heap";
import { peakMemoryMb } from "./lib/process-memory";
import { ROOT } from "./lib/root";
import { startWranglerDev, type ServedBuild } from "./lib/wrangler-dev";
import { openZipFile } from "./lib/zip-file";
import { BackupStreamReader } from "./lib/backup-stream";
import { countOf, megabytes, progressLine, type Progress } from "./lib/progress";
import { formatNumber } from "~/ui/numbers";

const EXPORT_WORKER = join(ROOT, "scripts/lib/export-worker.ts");

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const remote = args.includes("--remote");
const measure = args.includes("--measure");

/** The file name the Worker gives the download (`site-backup-2026-11-26.zip`). */
function suggestedName(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "site-backup.zip";
}

/** What wrangler logged as errors, without its colours: the reason behind a failed start or a broken stream. */
function loggedErrors(log: string): string {
  const lines = stripVTControlCharacters(log).split("\n");
  return lines
    .filter((line) => line.includes("[ERROR]"))
    .map((line) => line.replace(/^.*\[ERROR\]\s*/, "").trim())
    .slice(-2)
    .join(" ");
}

/**
 * The manifest as written, for the summary. Read without restore's checks (readBackup), which would read
 * every image again: the archive was made by this site's own code a moment ago.
 */
async function readManifestOf(file: string): Promise<BackupManifest> {
  const zip = await openZipFile(file);
  try {
    return JSON.parse(new TextDecoder().decode(await zip.read(MANIFEST_NAME, MANIFEST_MAX_BYTES))) as BackupManifest;
  } finally {
    zip.close();
  }
}

type Written = { out: string; megabytes: string; midwayMb?: number };

/**
 * A pass-through that shows how far the download is: its bytes of the length the Worker promised, and
 * once the manifest (the zip's first entry) has gone by, the records and the images written.
 */
function progressCounter(out: string, length: number, progress: Progress) {
  const reader = new BackupStreamReader();
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      reader.push(chunk);
      const { bytes, records, images } = reader.state();
      const known = [
        records === undefined ? undefined : `${formatNumber(records)} records`,
        images && `images ${countOf(images.done, images.total)}`,
        megabytes(bytes, length),
      ];
      progress.update(`Writing ${out}: ${known.filter(Boolean).join(", ")}`);
      done(null, chunk);
    },
  });
}

async function download(
  served: ServedBuild,
  token: string,
  heap: IsolateHeap | undefined,
  partialOf: (out: string) => string,
  progress: Progress,
) {
  progress.show("Reading the site's records and the list of its images…");
  const response = await fetch(`${served.baseURL}${archivePath(token)}`);
  if (!response.ok || !response.body) {
    const text = (await response.text()).split("\n").find((line) => line.trim()) ?? "";
    const hint = text.includes("no such table") ? " (this store was never set up: `npm start` sets it up)" : "";
    return `The site could not be read: ${text.slice(0, 300)}${hint}`;
  }
  const out = valueOf("--out") ?? suggestedName(response);
  const length = Number(response.headers.get("Content-Length"));
  const halfway = heap ? halfwayReading(length, heap) : undefined;
  // Written beside its name first: a failed export never leaves a half archive under the name asked for.
  const partial = partialOf(out);
  try {
    const source = Readable.fromWeb(response.body as never);
    const counters = [
      ...(halfway ? [halfway.counter] : []),
      // Only on a terminal: anywhere else the bytes are not even looked at.
      ...(progress.active ? [progressCounter(out, length, progress)] : []),
    ];
    await pipeline([source, ...counters, createWriteStream(partial)]);
    renameSync(partial, out);
  } catch (error) {
    progress.clear();
    rmSync(partial, { force: true });
    const cause = loggedErrors(served.log());
    return `The backup was not written: ${cause || (error as Error).message}`;
  }
  const written: Written = { out, megabytes: (length / 1e6).toFixed(1), midwayMb: await halfway?.midwayMb() };
  return written;
}

async function main(): Promise<number> {
  const asked = valueOf("--out");
  if (asked && !existsSync(dirname(resolve(asked)))) {
    console.error(`The backup was not written: the folder ${dirname(asked)} does not exist.`);
    return 1;
  }
  const token = randomBytes(32).toString("hex");
  const config = writeBindingsConfig({ remote, main: EXPORT_WORKER, vars: { EXPORT_TOKEN: token } });
  const progress = progressLine();
  let served: ServedBuild | undefined;
  let partial: string | undefined;
  const cleanUp = async () => {
    progress.clear();
    await served?.stop();
    config.remove();
    if (partial) rmSync(partial, { force: true });
  };
  // wrangler runs in a process group of its own, which Ctrl-C would leave running (and the store in use).
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    try {
      progress.show("Starting the local Workers runtime…");
      served = await startWranglerDev(() => [
        "--config",
        config.path,
        // The state `npm start` keeps, unless another is named; remote bindings keep none.
        ...(remote ? [] : ["--persist-to", valueOf("--persist-to") ?? join(ROOT, ".wrangler/state")]),
      ]);
    } catch (error) {
      progress.clear();
      const message = String((error as Error).message);
      console.error(`The local Workers runtime did not start: ${loggedErrors(message) || message.split("\n")[0]}`);
      return 1;
    }
    const heap = measure ? await watchIsolateHeap(served.inspectorPort) : undefined;
    const written = await download(served, token, heap, (out) => (partial = `${out}.partial`), progress);
    progress.clear();
    const isolate = await heap?.stop();
    if (typeof written === "string") {
      console.error(written);
      return 1;
    }
    const manifest = await readManifestOf(written.out);
    for (const key of manifest.absentImages) console.log(`not in storage, so not in the backup: ${key}`);
    console.log(
      `Wrote ${written.out} (${written.megabytes} MB): ${manifest.artworks.length} artworks, ${manifest.events.length} events, ` +
        `${manifest.testimonials.length} testimonials, ${manifest.messages.length} messages, ` +
        `${manifest.replies.length} replies, ${manifest.images.length} images.`,
    );
    if (isolate) {
      // What making the archive took in the Worker, what this command took, and the local runtime around
      // the Worker (which also emulates D1 and R2, and pays for the heap snapshots).
      const memory = peakMemoryMb(served.pid);
      console.log(
        `Peak memory: ${isolate.peakMb} MB the export's Worker (V8 heap; ${isolate.beforeMb} MB reachable before, ` +
          `${written.midwayMb} MB halfway, ${isolate.afterMb} MB after), ` +
          `${memory.self} MB this command, ${memory.workerd} MB the local runtime (workerd).`,
      );
    }
    return 0;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
