// A backup read from disk: an entry whose bytes no longer match the zip's checksum is refused (yauzl
// itself checks only sizes), so a damaged backup is found before a restore writes anything.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeZip } from "client-zip";
import { afterAll, describe, expect, it } from "vitest";
import { openZipFile } from "../../scripts/lib/zip-file";

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
    expect(new TextDecoder().decode(await whole.read("note.txt"))).toBe("Kirkstall Abbey in mist");
    expect(whole.sizeOf("note.txt")).toBe(23);
    expect(whole.sizeOf("other.txt")).toBeUndefined();
    whole.close();

    const bytes = readFileSync(path);
    const at = bytes.indexOf("Kirkstall");
    bytes[at] = "k".charCodeAt(0);
    writeFileSync(path, bytes);
    const damaged = await openZipFile(path);
    await expect(damaged.read("note.txt")).rejects.toThrow("its checksum does not match");
    damaged.close();
  });
});
