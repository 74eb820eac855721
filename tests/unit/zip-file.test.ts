// A backup read from disk: an entry whose bytes no longer match the zip's checksum is refused (yauzl
// itself checks only sizes), so a damaged backup is found before a restore writes anything; and an
// archive that would unpack to more than a backup may hold (a zip bomb) is refused before it is unpacked.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { makeZip } from "client-zip";
import { afterAll, describe, expect, it } from "vitest";
import { openZipFile } from "../../scripts/lib/zip-file";
import { BackupError, readBackup } from "../../app/backup/restore.server";
import { MANIFEST_MAX_BYTES } from "../../app/backup/layout";

const dir = mkdtempSync(join(tmpdir(), "zip-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function zipOf(name: string, text: string): Promise<string> {
  const path = join(dir, `${name}.zip`);
  const bytes = new Uint8Array(await new Response(makeZip([{ name: "note.txt", input: text }])).arrayBuffer());
  writeFileSync(path, bytes);
  return path;
}

describe("reading a zip file", () => {
  it("gives an entry's bytes, and refuses them once one byte has changed", async () => {
    const path = await zipOf("whole", "Kirkstall Abbey in mist");
    const whole = await openZipFile(path);
    expect(new TextDecoder().decode(await whole.read("note.txt", 100))).toBe("Kirkstall Abbey in mist");
    expect(whole.sizeOf("note.txt")).toBe(23);
    expect(whole.sizeOf("other.txt")).toBeUndefined();
    whole.close();

    const bytes = readFileSync(path);
    const at = bytes.indexOf("Kirkstall");
    bytes[at] = "k".charCodeAt(0);
    writeFileSync(path, bytes);
    const damaged = await openZipFile(path);
    await expect(damaged.read("note.txt", 100)).rejects.toThrow("its checksum does not match");
    damaged.close();
  });
});

/**
 * A zip of one deflated entry, written by hand so that it can declare any size: `declared` is what its
 * headers say the entry unpacks to, `deflated` the bytes it holds.
 */
function handMadeZip(path: string, name: string, deflated: Buffer, declared: number, crc: number): void {
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(file.length, 28);
  const directoryAt = local.length + file.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  writeFileSync(path, Buffer.concat([local, file, deflated, central, file, end]));
}

describe("a backup that would unpack to more than it may hold", () => {
  it("a 4 MB zip whose manifest declares 4 GB is refused with one line, before a byte of it is unpacked", async () => {
    const path = join(dir, "bomb.zip");
    // 4 MB of real deflate data (random bytes do not shrink), declared as 4 GB once unpacked.
    handMadeZip(path, "backup.json", deflateRawSync(randomBytes(4 * 1024 * 1024)), 0xfffffff0, 0);
    expect(statSync(path).size).toBeGreaterThan(4 * 1024 * 1024);
    const zip = await openZipFile(path);
    const before = process.memoryUsage().arrayBuffers;
    const error = await readBackup(zip, "bomb.zip").catch((caught: unknown) => caught);
    zip.close();
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      "bomb.zip: backup.json would unpack to 4096 MB, more than the 64 MB it may be. Nothing was restored.",
    );
    // Nothing of it was unpacked.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1024 * 1024);
  });

  it("an entry that unpacks to more than it declared is stopped at its cap, whatever it declared", async () => {
    const path = join(dir, "liar.zip");
    const unpacked = Buffer.alloc(MANIFEST_MAX_BYTES + 1024 * 1024, 0x20);
    // 65 MB of spaces deflate to some 64 KB; the headers say 100 bytes.
    handMadeZip(path, "backup.json", deflateRawSync(unpacked), 100, crc32(unpacked));
    const zip = await openZipFile(path);
    await expect(zip.read("backup.json", MANIFEST_MAX_BYTES)).rejects.toThrow();
    const error = await readBackup(zip, "liar.zip").catch((caught: unknown) => caught);
    zip.close();
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^liar\.zip: backup\.json is not readable JSON/);
  });
});
