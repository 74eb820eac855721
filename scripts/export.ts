// `npm run export -- [--out site-backup.zip] [--remote] [--persist-to DIR]`: the whole site as one zip
// (app/backup): every artwork, event, testimonial, message and reply with its id, and every image with
// its light copies under their R2 keys. Local state by default; `--remote` reads the deployed site.
// `npm run import -- --file site-backup.zip` restores it.
//
// The archive is made in the Workers runtime by the dashboard's own download code (a Worker of its own,
// scripts/lib/export-worker.ts, under `wrangler dev` with only the site's D1 and R2), and this command
// only writes its bytes to the file: memory stays flat whatever the site's size (docs/performance.md).
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { MANIFEST_NAME } from "../app/backup/layout";
import type { BackupManifest } from "../app/backup/manifest";
import { writeBindingsConfig } from "./lib/bindings-config";
import { watchIsolateHeap, type IsolateHeap } from "./lib/isolate-heap";
import { peakMemoryMb } from "./lib/process-memory";
import { startWranglerDev, type ServedBuild } from "./lib/wrangler-dev";
import { openZipFile } from "./lib/zip-file";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const EXPORT_WORKER = join(ROOT, "scripts/lib/export-worker.ts");

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const remote = args.includes("--remote");

/** The file name the Worker gives the download (`site-backup-2026-11-26.zip`). */
function suggestedName(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "site-backup.zip";
}

async function readManifestOf(file: string): Promise<BackupManifest> {
  const zip = await openZipFile(file);
  try {
    return JSON.parse(new TextDecoder().decode(await zip.read(MANIFEST_NAME))) as BackupManifest;
  } finally {
    zip.close();
  }
}

type Written = { out: string; megabytes: string; midwayMb: number };

/**
 * Counts the bytes going by, and halfway through has what the Worker holds read (garbage collected):
 * the export's own memory while it runs, apart from garbage V8 has not yet collected.
 */
function halfwayReading(length: number, read: () => Promise<number>) {
  let seen = 0;
  let reading: Promise<number> | undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (!reading && seen >= length / 2) reading = read();
      done(null, chunk);
    },
  });
  return { counter, midwayMb: () => reading ?? read() };
}

async function download(served: ServedBuild, heap: IsolateHeap): Promise<Written | string> {
  // Any path but `/` is the archive (scripts/lib/export-worker.ts).
  const response = await fetch(`${served.baseURL}/site-backup.zip`);
  if (!response.ok || !response.body) {
    const text = (await response.text()).split("\n").find((line) => line.trim()) ?? "";
    const hint = text.includes("no such table") ? " (this store was never set up: `npm start` sets it up)" : "";
    return `The site could not be read: ${text.slice(0, 300)}${hint}`;
  }
  const out = valueOf("--out") ?? suggestedName(response);
  // Written beside its name first: a failed export never leaves a half archive under the name asked for.
  const partial = `${out}.partial`;
  const length = Number(response.headers.get("Content-Length"));
  const halfway = halfwayReading(length, heap.reachableMb);
  try {
    await pipeline(Readable.fromWeb(response.body as never), halfway.counter, createWriteStream(partial));
    renameSync(partial, out);
  } catch (error) {
    rmSync(partial, { force: true });
    return `The backup was not written: ${(error as Error).message}`;
  }
  return { out, megabytes: (length / 1e6).toFixed(1), midwayMb: await halfway.midwayMb() };
}

async function main(): Promise<number> {
  const config = writeBindingsConfig({ remote, main: EXPORT_WORKER });
  let served: ServedBuild | undefined;
  try {
    served = await startWranglerDev(() => [
      "--config",
      config.path,
      // The state `npm start` keeps, unless another is named; remote bindings keep none.
      ...(remote ? [] : ["--persist-to", valueOf("--persist-to") ?? join(ROOT, ".wrangler/state")]),
    ]);
    const heap = await watchIsolateHeap(served.inspectorPort);
    const written = await download(served, heap);
    const isolate = await heap.stop();
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
    // The figures docs/performance.md records: what making the archive took in the Worker, what this
    // command took, and the local runtime around the Worker (which also emulates D1 and R2).
    const memory = peakMemoryMb(served.pid);
    console.log(
      `Peak memory: ${isolate.peakMb} MB the export's Worker (V8 heap; ${isolate.beforeMb} MB before, ` +
        `${written.midwayMb} MB reachable halfway, ${isolate.afterMb} MB after), ` +
        `${memory.self} MB this command, ${memory.workerd} MB the local runtime (workerd).`,
    );
    return 0;
  } finally {
    await served?.stop();
    config.remove();
  }
}

process.exitCode = await main();
