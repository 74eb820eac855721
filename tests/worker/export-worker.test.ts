// The export's own Worker (scripts/lib/export-worker.ts), which `npm run export` serves on 127.0.0.1 for
// as long as the export takes: any local program could ask it, so the archive is only at the path
// holding the command's random token.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import exportWorker from "../../scripts/lib/export-worker";
import { archivePath } from "../../scripts/lib/export-path";

const TOKEN = "0123456789abcdef".repeat(4);
const ask = (path: string, token: string | undefined = TOKEN) =>
  exportWorker.fetch(new Request(`http://127.0.0.1:8787${path}`), {
    DB: env.DB,
    IMAGES: env.IMAGES,
    EXPORT_TOKEN: token,
  });

describe("the export Worker", () => {
  it("answers the archive only at the path holding its token", async () => {
    const archive = await ask(archivePath(TOKEN));
    expect(archive.status).toBe(200);
    expect(archive.headers.get("Content-Type")).toBe("application/zip");
    // Read to its end: a zip (its first bytes say so) of the promised length.
    const bytes = new Uint8Array(await archive.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(archive.headers.get("Content-Length")));
    expect(String.fromCharCode(...bytes.subarray(0, 2))).toBe("PK");
  });

  it("answers 404 without its token, with another, or when it was given none", async () => {
    for (const path of [
      "/site-backup.zip",
      "/anything",
      archivePath("f".repeat(64)),
      `/${TOKEN}`,
      `${archivePath(TOKEN)}/`,
    ]) {
      const response = await ask(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe("Not found.");
    }
    for (const token of [undefined, "", "short"]) {
      expect((await ask(archivePath(token ?? ""), token)).status).toBe(404);
    }
  });

  it("says it is up at / and nothing more", async () => {
    expect(await (await ask("/")).text()).toBe("The export Worker is up.");
  });
});
