// `npm run export -- [--out site-backup.zip] [--remote] [--persist-to DIR]`: the whole site as one zip
// (app/backup): every artwork, event, testimonial, message and reply with its id, and every image with
// its light copies under their R2 keys. Local state by default; `--remote` reads the deployed site.
// `npm run import -- --file site-backup.zip` restores it.
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { backupArchive, backupFileName, readManifest } from "../app/backup/export.server";
import { withEnvOf } from "./lib/local-env";
import { peakMemoryMb } from "./lib/process-memory";

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);

async function main(): Promise<number> {
  return withEnvOf(args, valueOf("--persist-to"), async (env) => {
    const manifest = await readManifest(env);
    const out = valueOf("--out") ?? backupFileName(manifest);
    const archive = backupArchive(env, manifest);
    // Written beside its name first: a failed export never leaves a half archive under the name asked for.
    const partial = `${out}.partial`;
    try {
      await pipeline(Readable.fromWeb(archive.stream as never), createWriteStream(partial));
      renameSync(partial, out);
    } catch (error) {
      rmSync(partial, { force: true });
      console.error(`The backup was not written: ${(error as Error).message}`);
      return 1;
    }
    for (const key of manifest.absentImages) console.log(`not in storage, so not in the backup: ${key}`);
    const megabytes = (Number(archive.length) / 1e6).toFixed(1);
    console.log(
      `Wrote ${out} (${megabytes} MB): ${manifest.artworks.length} artworks, ${manifest.events.length} events, ` +
        `${manifest.testimonials.length} testimonials, ${manifest.messages.length} messages, ` +
        `${manifest.replies.length} replies, ${manifest.images.length} images.`,
    );
    // The figures docs/performance.md records: memory stays flat whatever the site's size.
    const memory = peakMemoryMb();
    console.log(
      `Peak memory: ${memory.self} MB this process` +
        (memory.workerd ? `, ${memory.workerd} MB the local runtime (workerd) serving D1 and R2.` : "."),
    );
    return 0;
  });
}

process.exitCode = await main();
