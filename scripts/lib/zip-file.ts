// A zip file on disk, read through its central directory (yauzl): any entry can be read on its own, in
// any order, without unpacking the rest, so memory holds one entry at a time.
import type { Readable } from "node:stream";
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
    async read(name, maxBytes) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${name} is not in the zip.`);
      if (entry.uncompressedSize > maxBytes) throw new Error(`it would unpack to more than ${maxBytes} bytes`);
      const bytes = await upTo(await zip.openReadStreamPromise(entry), maxBytes);
      // yauzl checks sizes, not checksums.
      if (crc32(bytes) !== entry.crc32) throw new Error("its checksum does not match");
      return bytes;
    },
    close: () => zip.close(),
  };
}

/**
 * The stream's bytes, stopped as soon as more than `maxBytes` have come: what an entry unpacks to is not
 * taken on its word (yauzl also checks it against the declared size, this holds whatever it declared).
 */
async function upTo(stream: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) {
      stream.destroy();
      throw new Error(`it unpacks to more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, length));
}
