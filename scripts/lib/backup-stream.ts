// How far a backup archive's download has come, read from its bytes as they pass (`npm run export`'s
// progress): the manifest is the zip's first entry (app/backup/export.server.ts), so once it has gone by
// the records and images are known, and each image's entry ends where the manifest's sizes say. The bytes
// are only looked at, never changed. The layout read is client-zip's: a local header (sizes left at 0),
// the name, the bytes, a data descriptor. Anything else stops the counting of images (the bytes are
// still counted), so the line never shows a figure it has not seen.
import { MANIFEST_NAME, imageEntryName } from "../../app/backup/layout";
import type { BackupManifest } from "../../app/backup/manifest";

const LOCAL_HEADER = 0x04034b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const ZIP64_SIZE = 0xffffffff;

type Step =
  | { kind: "header" }
  | { kind: "name"; length: number; nameLength: number }
  | { kind: "manifest" }
  | { kind: "data"; left: number }
  | { kind: "descriptor"; length: number; size: number }
  | { kind: "done" };

export type BackupStreamState = {
  bytes: number;
  /** Once the manifest has gone by: its records (those the export's summary counts) and images. */
  records?: number;
  images?: { done: number; total: number };
};

export class BackupStreamReader {
  private bytes = 0;
  private step: Step = { kind: "header" };
  /** Bytes of a header, name or descriptor gathered across chunks. */
  private gathered = Buffer.alloc(0);
  /** The manifest's JSON so far, and its last bytes, where its descriptor's signature may begin. */
  private parts: Buffer[] = [];
  private tail = Buffer.alloc(0);
  /** Once the manifest has gone by: the records the export's summary counts, and each image's entry. */
  private records?: number;
  private images?: { key: string; size: number }[];
  private entry = 0;
  private lost = false;

  /** Takes the next chunk of the archive, as it is written. */
  push(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength;
    if (this.lost) return;
    try {
      this.read(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch {
      this.lost = true;
      this.gathered = Buffer.alloc(0);
      this.parts = [];
    }
  }

  state(): BackupStreamState {
    if (!this.images) return { bytes: this.bytes };
    // Images done: the entries whose descriptor has gone by, after the manifest's.
    const images = this.lost ? undefined : { done: Math.max(0, this.entry - 1), total: this.images.length };
    return { bytes: this.bytes, records: this.records, images };
  }

  /** Gathers `length` bytes from `chunk` at `at`; the bytes once all have come, and where reading goes on. */
  private gather(chunk: Buffer, at: number, length: number): [Buffer | undefined, number] {
    const wanted = length - this.gathered.length;
    const taken = chunk.subarray(at, at + wanted);
    this.gathered = this.gathered.length ? Buffer.concat([this.gathered, taken]) : Buffer.from(taken);
    if (this.gathered.length < length) return [undefined, at + taken.length];
    const whole = this.gathered;
    this.gathered = Buffer.alloc(0);
    return [whole, at + taken.length];
  }

  private read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const step = this.step;
      if (step.kind === "done") return;
      if (step.kind === "data") {
        const skipped = Math.min(step.left, chunk.length - at);
        at += skipped;
        step.left -= skipped;
        if (step.left === 0) this.afterData(this.sizeOf(this.entry));
        continue;
      }
      if (step.kind === "manifest") {
        at = this.readManifest(chunk, at);
        continue;
      }
      const length = step.kind === "header" ? 30 : step.length;
      const [bytes, next] = this.gather(chunk, at, length);
      at = next;
      if (!bytes) continue;
      if (step.kind === "header") this.readHeader(bytes);
      else if (step.kind === "name") this.readName(bytes, step.nameLength);
      else this.readDescriptor(bytes, step.size);
    }
  }

  private readHeader(bytes: Buffer) {
    const signature = bytes.readUInt32LE(0);
    if (signature !== LOCAL_HEADER) {
      // The central directory after the last image's entry, or not the layout expected.
      if (this.images && this.entry === this.images.length + 1) this.step = { kind: "done" };
      else throw new Error("not a local header");
      return;
    }
    const nameLength = bytes.readUInt16LE(26);
    this.step = { kind: "name", length: nameLength + bytes.readUInt16LE(28), nameLength };
  }

  private readName(bytes: Buffer, nameLength: number) {
    const name = bytes.subarray(0, nameLength).toString("utf8");
    if (this.entry === 0) {
      if (name !== MANIFEST_NAME) throw new Error("the manifest is not first");
      this.step = { kind: "manifest" };
      return;
    }
    const image = this.images?.[this.entry - 1];
    if (!image || name !== imageEntryName(image.key)) throw new Error("not the manifest's next image");
    if (image.size > 0) this.step = { kind: "data", left: image.size };
    else this.afterData(0);
  }

  /** The manifest's JSON runs to its descriptor's signature, which JSON text cannot hold (it escapes 0x07). */
  private readManifest(chunk: Buffer, at: number): number {
    const piece = chunk.subarray(at);
    // The signature may begin in the bytes before this chunk: the last three are searched with it.
    const found = Buffer.concat([this.tail, piece]).indexOf(DESCRIPTOR);
    if (found < 0) {
      this.parts.push(Buffer.from(piece));
      this.tail = Buffer.from(Buffer.concat([this.tail, piece]).subarray(-(DESCRIPTOR.length - 1)));
      return chunk.length;
    }
    const end = found - this.tail.length; // where the JSON ends in this chunk's piece; below 0: before it
    let json = Buffer.concat([...this.parts, piece.subarray(0, Math.max(0, end))]);
    if (end < 0) {
      json = json.subarray(0, json.length + end);
      this.gathered = Buffer.from(this.tail.subarray(this.tail.length + end));
    }
    const manifest = JSON.parse(json.toString("utf8")) as BackupManifest;
    const { artworks, events, testimonials, messages, replies } = manifest;
    // Only what the line shows is kept: the rows are read back from the file for the summary.
    this.records = artworks.length + events.length + testimonials.length + messages.length + replies.length;
    this.images = manifest.images.map(({ key, size }) => ({ key, size }));
    this.parts = [];
    this.step = { kind: "descriptor", length: 16, size: json.length };
    return at + Math.max(0, end);
  }

  private sizeOf(entry: number): number {
    return this.images![entry - 1]!.size;
  }

  private afterData(size: number) {
    this.step = { kind: "descriptor", length: size >= ZIP64_SIZE ? 24 : 16, size };
  }

  private readDescriptor(bytes: Buffer, size: number) {
    const written = bytes.length === 24 ? Number(bytes.readBigUInt64LE(8)) : bytes.readUInt32LE(8);
    if (!bytes.subarray(0, 4).equals(DESCRIPTOR) || written !== size) throw new Error("not the entry's descriptor");
    this.entry++;
    this.step = { kind: "header" };
  }
}
