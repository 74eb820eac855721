// `npm run export` and `npm run import` on a terminal show one line saying how far they are, rewritten in
// place and cleared before their summary; anywhere else (a pipe, as here) they print exactly what they
// printed before: the summary alone. The terminal is a stand-in (tests/support/fake-terminal.mjs): the
// commands' stderr says it is one and stays the pipe read here, with their stdout written to it in order,
// as on a terminal; PROGRESS_EVERY_MS=0 draws every step instead of ten a second, so that each can be read.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MANIFEST_MAX_BYTES, MANIFEST_NAME } from "../../app/backup/layout";
import { IMAGE_MAX_BYTES } from "../../app/images/limits";
import { ROWS_PER_BATCH } from "../../app/backup/restore.server";
import { migrateLocal } from "../../scripts/local-setup";
import { seed } from "../../scripts/seed";
import { npmRunResult, npmRunWith, type NpmRunResult } from "../../scripts/lib/npm-run";
import { CLEAR_LINE } from "../../scripts/lib/progress";
import { ROOT } from "../../scripts/lib/root";
import { openZipFile } from "../../scripts/lib/zip-file";
import { expect, test } from "./fixtures";
import { serveFakeFirestore } from "./firestore-server";

const TERMINAL = {
  NODE_OPTIONS: `--import ${join(ROOT, "tests/support/fake-terminal.mjs")}`,
  PROGRESS_EVERY_MS: "0",
};

/**
 * What the terminal showed, in order, split where the line was cleared: each progress line drawn, and what
 * was printed once it had been cleared (whole lines, ending in a newline). A line printed over the progress
 * line, not after a clear, would be one part with both.
 */
function screen(run: NpmRunResult): string[] {
  expect(run.status, run.output).toBe(0);
  expect(run.stdout).toBe("");
  const [before, ...parts] = run.stderr.split(CLEAR_LINE);
  expect(before, run.stderr).toBe("");
  return parts;
}

/** Nothing but what the command printed before it had a progress line: no control characters, no stderr. */
function quiet(run: NpmRunResult): string {
  expect(run.status, run.output).toBe(0);
  expect(run.stderr).toBe("");
  expect(run.stdout).not.toContain("\r");
  expect(run.stdout).not.toContain("\x1b");
  return run.stdout;
}

/** Every entry of a backup, the manifest without the moment it was made. */
async function entries(path: string): Promise<Map<string, string>> {
  const zip = await openZipFile(path);
  try {
    const manifest = JSON.parse(new TextDecoder().decode(await zip.read(MANIFEST_NAME, MANIFEST_MAX_BYTES)));
    delete manifest.exportedAt;
    const found = new Map([[MANIFEST_NAME, JSON.stringify(manifest)]]);
    for (const { key } of manifest.images as { key: string }[]) {
      found.set(key, Buffer.from(await zip.read(`images/${key}`, IMAGE_MAX_BYTES)).toString("base64"));
    }
    return found;
  } finally {
    zip.close();
  }
}

/** Runs `run` with a new folder and, in it, a store with the demo content; removes both after. */
async function withSeededStore(prefix: string, run: (dir: string, store: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const store = join(dir, "store");
    migrateLocal(store);
    await seed({ persistTo: store });
    await run(dir, store);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("npm run export shows the records, images and bytes written, and writes the same archive as without", async () => {
  test.setTimeout(180_000);
  await withSeededStore("export-progress-", async (dir, store) => {
    const out = join(dir, "terminal.zip");
    const shown = screen(await npmRunWith(TERMINAL, "export", "--out", out, "--persist-to", store));
    // The summary, alone after the line was cleared.
    const printed = shown.at(-1)!;
    const summary =
      /^Wrote \S+ \(([\d.]+) MB\): (\d+) artworks, (\d+) events, (\d+) testimonials, (\d+) messages, (\d+) replies, (\d+) images\.\n$/.exec(
        printed,
      );
    expect(summary, printed).not.toBeNull();
    const [, mb, ...counts] = summary!;
    const records = counts.slice(0, 5).reduce((sum, n) => sum + Number(n), 0);
    const images = Number(counts[5]);

    expect(shown.slice(0, 2)).toEqual([
      "Starting the local Workers runtime…",
      "Reading the site's records and the list of its images…",
    ]);
    const writing = shown.slice(2, -1);
    expect(writing.length).toBeGreaterThan(3);
    let before = { images: 0, bytes: 0 };
    for (const line of writing) {
      const seen = new RegExp(
        `^Writing ${out}: (?:${records} records, images (\\d+) of ${images}, )?([\\d.]+) of ${mb} MB$`,
      ).exec(line);
      expect(seen, line).not.toBeNull();
      const now = { images: Number(seen![1] ?? 0), bytes: Number(seen![2]) };
      expect(now.images, line).toBeGreaterThanOrEqual(before.images);
      expect(now.bytes, line).toBeGreaterThanOrEqual(before.bytes);
      before = now;
    }
    expect(writing.at(-1)).toBe(`Writing ${out}: ${records} records, images ${images} of ${images}, ${mb} of ${mb} MB`);

    // Without a terminal: the summary alone, and an archive with the same bytes in every entry.
    const piped = join(dir, "piped.zip");
    expect(quiet(await npmRunResult("export", "--out", piped, "--persist-to", store))).toBe(
      printed.replace(out, piped),
    );
    expect(readFileSync(piped).length).toBe(readFileSync(out).length);
    expect(await entries(piped)).toEqual(await entries(out));
  });
});

test("npm run import of a backup shows the images checked and stored of how many, then the records", async () => {
  test.setTimeout(180_000);
  await withSeededStore("import-progress-", async (dir, store) => {
    const backup = join(dir, "site-backup.zip");
    quiet(await npmRunResult("export", "--out", backup, "--persist-to", store));
    const images = JSON.parse((await entries(backup)).get(MANIFEST_NAME)!).images.length as number;

    const [onTerminal, piped] = [join(dir, "terminal"), join(dir, "piped")];
    migrateLocal(onTerminal);
    migrateLocal(piped);
    const shown = screen(await npmRunWith(TERMINAL, "import", "--file", backup, "--persist-to", onTerminal));
    const printed = shown.at(-1)!;
    expect(printed).toMatch(/^Restored /);
    const rows = [...printed.matchAll(/ (\d+) new, (\d+) updated/g)].reduce(
      (sum, [, added, updated]) => sum + Number(added) + Number(updated),
      0,
    );
    const steps = (prefix: string) => shown.filter((line) => line.startsWith(prefix));
    const checking = steps("Checking the backup's images: ");
    const storing = steps("Storing images (skipping those already stored): ");
    expect(shown).toEqual([
      `Reading ${backup}…`,
      ...checking,
      "Opening the site's storage…",
      ...storing,
      // A line as each batch of records starts, and once all are written.
      ...[...Array(Math.ceil(rows / ROWS_PER_BATCH)).keys()].map(
        (batch) => `Writing new or changed records: ${batch * ROWS_PER_BATCH} of ${rows}`,
      ),
      `Writing new or changed records: ${rows} of ${rows}`,
      printed,
    ]);
    for (const [step, shown] of [checking, storing].entries()) {
      expect(shown, `step ${step}`).toHaveLength(images);
      shown.forEach((line, n) => expect(line).toMatch(new RegExp(`: ${n + 1} of ${images}, [\\d.]+ of [\\d.]+ MB$`)));
      expect(shown.at(-1)).toMatch(/ ([\d.]+) of \1 MB$/);
    }

    // Without a terminal: what it printed before, word for word.
    expect(quiet(await npmRunResult("import", "--file", backup, "--persist-to", piped))).toBe(printed);
  });
});

test("npm run import from Firestore shows the documents listed so far, then the records being written", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "firestore-progress-"));
  const server = await serveFakeFirestore(dir);
  try {
    const firestore = server.args;
    const [onTerminal, piped] = [join(dir, "terminal"), join(dir, "piped")];
    migrateLocal(onTerminal);
    migrateLocal(piped);
    const bucket = ["--storage-bucket", "amara-art.appspot.com"];
    const read = 'Read 4 posts, 2 events, 2 testimonials from Firestore project "amara-art".\n';
    const imported = "Imported into local D1: 4 posts, 2 events, 2 testimonials; 0 rejected.\n";
    // Two documents a page: what is listed grows page by page, with no total it cannot know.
    expect(screen(await npmRunWith(TERMINAL, "import", ...firestore, ...bucket, "--persist-to", onTerminal))).toEqual([
      'Reading from Firestore project "amara-art"…',
      "Reading from Firestore: posts 2 listed…",
      "Reading from Firestore: posts 4 listed…",
      "Reading from Firestore: posts 4, events 2 listed…",
      "Reading from Firestore: posts 4, events 2, testimonials 2 listed…",
      read,
      "Writing 8 records into local D1…",
      imported,
    ]);
    expect(quiet(await npmRunResult("import", ...firestore, ...bucket, "--persist-to", piped))).toBe(read + imported);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
