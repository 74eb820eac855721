// `npm run import -- --file site-backup.zip [--remote] [--persist-to DIR]`: restores a backup archive
// (app/backup/restore.server.ts) and prints what went in, what was already there, and what was replaced.
import { BackupError, readBackup, restoreBackup, type RestoreStep } from "../../app/backup/restore.server";
import { getTableName } from "drizzle-orm";
import { BACKUP_TABLES, type BackupTable } from "../../app/backup/manifest";
import { withEnvOf } from "./local-env";
import { openZipFile, type ZipFile } from "./zip-file";
import { countOf, megabytes, progressLine, type Progress } from "./progress";
import { printable } from "./printable";

const DOING: Record<Exclude<RestoreStep["step"], "records">, string> = {
  checking: "Checking the backup's images",
  storing: "Storing images (skipping those already stored)",
  replacing: "Replacing images whose bytes differ",
};

/** The progress line for a step of the restore. */
function restoreStepLine(step: RestoreStep): string {
  if (step.step === "records") return `Writing new or changed records: ${countOf(step.done, step.total)}`;
  return `${DOING[step.step]}: ${countOf(step.done, step.total)}, ${megabytes(step.bytes, step.totalBytes)}`;
}

export async function restoreArchive(
  file: string,
  args: string[],
  persistTo: string | undefined,
  progress: Progress = progressLine(),
): Promise<number> {
  // Images go by many a second (the line is redrawn at most ten times a second); each batch of records is shown.
  const onStep = (step: RestoreStep) =>
    step.step === "records" ? progress.show(restoreStepLine(step)) : progress.update(restoreStepLine(step));
  let zip: ZipFile;
  try {
    zip = await openZipFile(file);
  } catch (error) {
    console.error(`Could not read ${file} as a zip file: ${(error as Error).message}`);
    return 2;
  }
  try {
    progress.show(`Reading ${file}…`);
    const manifest = await readBackup(zip, file, onStep);
    progress.show("Opening the site's storage…");
    const report = await withEnvOf(args, persistTo, (env) => restoreBackup(env, zip, manifest, file, onStep));
    progress.clear();
    const target = args.includes("--remote") ? "remote" : "local";
    const counts = (Object.keys(BACKUP_TABLES) as BackupTable[]).map((table) => {
      const name = getTableName(BACKUP_TABLES[table]);
      const { inserted, updated, unchanged, kept, held } = report.tables[table];
      for (const id of updated) {
        console.log(`updated ${name}/${printable(id)}: the backup's version replaced the store's`);
      }
      const keptText = kept ? `, ${kept} kept as the store has them (a delivery never goes back)` : "";
      const heldText = held ? `, ${held} of the new never sent: held for you in the Inbox, not e-mailed` : "";
      return `${name} ${inserted} new, ${updated.length} updated, ${unchanged} skipped (already the same)${keptText}${heldText}`;
    });
    for (const key of report.images.replaced) {
      console.log(
        `replaced image ${printable(key)}: the backup's bytes differ (browsers that kept the old one may show it)`,
      );
    }
    console.log(`Restored ${file} into ${target} storage from the backup of ${manifest.exportedAt}. Written:`);
    for (const line of counts) console.log(`  ${line}`);
    console.log(
      `  images ${report.images.stored} stored, ${report.images.unchanged} skipped (already stored with the same bytes)`,
    );
    for (const key of manifest.absentImages) {
      console.log(`  not in the backup (absent when it was made): ${printable(key)}`);
    }
    if (target === "remote") console.log('Visitors see it once you press "Refresh Public Pages" on the dashboard.');
    return 0;
  } catch (error) {
    progress.clear();
    if (error instanceof BackupError) {
      console.error(printable(error.message));
      return 1;
    }
    throw error;
  } finally {
    zip.close();
  }
}
