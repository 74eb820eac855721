// `npm run bench:backup`'s measure of `npm run export`: the peak memory of the command (and of the local runtime
// it starts) on the demo content and on 500 artworks with 1,000 images, so that memory not growing with
// the site's size is a measured fact.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal } from "../local-setup";
import { npmRun } from "./npm-run";
import { seed } from "../seed";
import { BACKUP_COLLECTION, seedBackupCollection } from "./backup-collection";

export type ExportMeasure = {
  store: string;
  artworks: number;
  images: number;
  megabytes: number;
  seconds: number;
  /** Peak resident memory of the `npm run export` process (Node), MB. */
  peakMb: number;
  /** Peak resident memory of the workerd runtime it starts for local D1 and R2, MB. */
  workerdPeakMb: number;
};

async function measure(store: string, prepare?: (persistTo: string) => Promise<void>): Promise<ExportMeasure> {
  const dir = mkdtempSync(join(tmpdir(), "bench-backup-"));
  try {
    migrateLocal(dir);
    await seed({ persistTo: dir });
    await prepare?.(dir);
    const started = performance.now();
    const output = await npmRun("export", "--out", join(dir, "backup.zip"), "--persist-to", dir);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const wrote = /\(([\d.]+) MB\): (\d+) artworks, .* (\d+) images\./.exec(output);
    const memory = /Peak memory: (\d+) MB this process(?:, (\d+) MB the local runtime)?/.exec(output);
    if (!wrote || !memory) throw new Error(`Unexpected output of npm run export:\n${output}`);
    return {
      store,
      artworks: Number(wrote[2]),
      images: Number(wrote[3]),
      megabytes: Number(wrote[1]),
      seconds,
      peakMb: Number(memory[1]),
      workerdPeakMb: Number(memory[2] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureBackupExport(): Promise<ExportMeasure[]> {
  const demo = await measure("demo content");
  const large = await measure(
    `demo content + ${BACKUP_COLLECTION.artworks} artworks with ${BACKUP_COLLECTION.artworks * BACKUP_COLLECTION.imagesPerArtwork} images`,
    seedBackupCollection,
  );
  return [demo, large];
}
