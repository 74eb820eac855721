// A zip file on disk, read through its central directory (yauzl): any entry can be read on its own, in
// any order, without unpacking the rest, so memory holds one entry at a time.
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import yauzl from "yauzl";
import type { ArchiveReader } from "../../app/backup/restore.server";

export type ZipFile = ArchiveReader & { close(): void };

/** Opens `path`; a file that is not a zip is refused with yauzl's reason. */
export async function openZipFile(path: string): Promise<ZipFile> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  return {
    sizeOf: (name) => entries.get(name)?.uncompressedSize,
    async read(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${name} is not in the zip.`);
      const bytes = new Uint8Array(await buffer(await zip.openReadStreamPromise(entry)));
      // yauzl checks sizes, not checksums.
      if (crc32(bytes) !== entry.crc32) throw new Error("its checksum does not match");
      return bytes;
    },
    close: () => zip.close(),
  };
}
