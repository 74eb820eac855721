// `npm run export`'s progress read from the archive's bytes as they pass (scripts/lib/backup-stream.ts):
// the records and images once the manifest has gone by, each image once its entry has, in whatever
// chunks the bytes come; and only the bytes from an archive laid out otherwise.
import { makeZip, predictLength } from "client-zip";
import { describe, expect, it } from "vitest";
import { BackupStreamReader } from "../../scripts/lib/backup-stream";

const images = [
  { key: "posts/1_a.jpg", bytes: new Uint8Array(5000).fill(7) },
  // An image's bytes may hold what looks like a zip signature.
  { key: "posts/2_b.jpg", bytes: new Uint8Array([0x50, 0x4b, 0x07, 0x08, 0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) },
  { key: "posts/3_c.jpg", bytes: new Uint8Array(0) },
  { key: "posts/4_d.jpg", bytes: new Uint8Array(70_000).fill(9) },
];
const manifest = {
  format: "artist-portfolio-backup",
  artworks: [{ id: "a" }, { id: "b" }],
  events: [{ id: "e" }],
  testimonials: [],
  messages: [{ id: "m" }],
  replies: [],
  settings: [{ key: "portrait" }],
  images: images.map(({ key, bytes }) => ({ key, size: bytes.length, contentType: "image/jpeg", etag: key })),
};

/** A backup's layout, as backupArchive makes it: backup.json first, then images/<key> in the manifest's order. */
async function archive(entries = images): Promise<{ bytes: Uint8Array; ends: number[] }> {
  const json = new TextEncoder().encode(JSON.stringify(manifest, null, 2) + "\n");
  const files = [
    { name: "backup.json", input: json, size: json.length },
    ...entries.map(({ key, bytes }) => ({ name: `images/${key}`, input: bytes, size: bytes.length })),
  ];
  const bytes = new Uint8Array(await new Response(makeZip(files)).arrayBuffer());
  // Where each entry ends: the archive's length up to it, without its central directory and end record.
  const ends = files.map((_, i) => {
    const upTo = files.slice(0, i + 1);
    const directory = upTo.reduce((sum, file) => sum + 46 + new TextEncoder().encode(file.name).length, 0) + 22;
    return Number(predictLength(upTo)) - directory;
  });
  return { bytes, ends };
}

function fed(bytes: Uint8Array, chunkSize: number, upTo = bytes.length) {
  const reader = new BackupStreamReader();
  for (let at = 0; at < upTo; at += chunkSize) reader.push(bytes.subarray(at, Math.min(at + chunkSize, upTo)));
  return reader.state();
}

describe("a backup's download, read as it passes", () => {
  it("knows the records and images once the manifest has gone by, and each image once its entry has", async () => {
    const { bytes, ends } = await archive();
    for (const chunkSize of [1, 3, 7, 4096, bytes.length]) {
      expect(fed(bytes, chunkSize), `chunks of ${chunkSize}`).toEqual({
        bytes: bytes.length,
        records: 4,
        images: { done: 4, total: 4 },
      });
    }
    // Before the manifest's last byte (and its descriptor, 16 bytes), only the bytes.
    expect(fed(bytes, 5, ends[0]! - 16)).toEqual({ bytes: ends[0]! - 16 });
    expect(fed(bytes, 5, ends[0]!)).toEqual({ bytes: ends[0], records: 4, images: { done: 0, total: 4 } });
    // An image is done once its whole entry has gone by, not a byte before.
    for (const [n, end] of ends.entries()) {
      if (n === 0) continue;
      expect(fed(bytes, 7, end - 1).images, `image ${n}`).toEqual({ done: n - 1, total: 4 });
      expect(fed(bytes, 7, end).images, `image ${n}`).toEqual({ done: n, total: 4 });
    }
  });

  it("counts only the bytes of an archive laid out otherwise, rather than a figure it has not seen", async () => {
    // The entries in another order than the manifest's.
    const { bytes } = await archive([...images].reverse());
    expect(fed(bytes, 1000)).toEqual({ bytes: bytes.length, records: 4 });
    const other = new Uint8Array(await new Response(makeZip([{ name: "note.txt", input: "hello" }])).arrayBuffer());
    expect(fed(other, 10)).toEqual({ bytes: other.length });
  });
});
