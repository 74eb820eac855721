// The whole site out and back in: the artist downloads a backup from her dashboard on her phone, it is
// restored with `npm run import` into an empty store, and the restored site is the same site.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { serveSeededBuild } from "../../scripts/lib/served-build";
import { withLocalEnv } from "../../scripts/lib/local-env";
import { openZipFile, type ZipFile } from "../../scripts/lib/zip-file";
import { db } from "../../app/platform/db.server";
import { messages } from "../../app/messages/schema";
import { storeReply } from "../../app/messages/replies.server";
import { MANIFEST_MAX_BYTES, MANIFEST_NAME } from "../../app/backup/layout";
import { IMAGE_MAX_BYTES } from "../../app/images/limits";
import { addInboxStates } from "../support/judges/inbox-states";
import { clientIpFor } from "../support/addresses";
import { ADMIN_PASSKEY, expect, PHONE, test } from "./fixtures";
import { npmRun, npmRunResult } from "../../scripts/lib/npm-run";

/** Every entry of a zip, as bytes, and its manifest with the moment of export left out. */
async function contents(path: string) {
  const zip: ZipFile = await openZipFile(path);
  try {
    const manifest = JSON.parse(new TextDecoder().decode(await zip.read(MANIFEST_NAME, MANIFEST_MAX_BYTES)));
    const images = new Map<string, Buffer>();
    for (const image of manifest.images as { key: string }[]) {
      images.set(image.key, Buffer.from(await zip.read(`images/${image.key}`, IMAGE_MAX_BYTES)));
    }
    delete manifest.exportedAt;
    return { manifest, images };
  } finally {
    zip.close();
  }
}

/** A page's HTML without what differs on every response (the CSP nonce, a form's one-time id). */
async function pageHtml(baseURL: string, path: string): Promise<string> {
  const response = await fetch(baseURL + path, { headers: { "Cache-Control": "no-cache" } });
  expect(response.status, path).toBe(200);
  return (await response.text())
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/(name="submission" value=")[^"]*"/g, '$1"')
    .replaceAll(baseURL, "");
}

test("a backup downloaded from the dashboard restores into an empty store as the same site", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), "backup-e2e-"));
  // The demo content, the Inbox's states and a reply: every kind of record a backup carries.
  const original = await serveSeededBuild({
    name: "backup",
    prepare: async (persistTo) => {
      await addInboxStates(persistTo);
      await withLocalEnv(persistTo, async (env) => {
        const [message] = await db(env).select().from(messages).where(eq(messages.status, "sent")).limit(1);
        const reply = await storeReply(db(env), "backup-e2e-reply", message!.id, "Thank you! I do paint pets.");
        if (!reply) throw new Error("The reply was not stored.");
      });
    },
  });
  let restored: Awaited<ReturnType<typeof serveSeededBuild>> | undefined;
  try {
    const context = await browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      baseURL: original.baseURL,
      extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(testInfo.testId) },
    });
    const page = await context.newPage();
    await page.goto("/dashboard");
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByRole("button", { name: "Sign In", exact: true }).tap();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download a backup" }).tap();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    const downloaded = join(dir, download.suggestedFilename());
    await download.saveAs(downloaded);
    // The dashboard stays where it was.
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await context.close();

    // Restored into an empty store (migrated, nothing seeded), then exported again, before it is served.
    const again = join(dir, "again.zip");
    let restoring = "";
    restored = await serveSeededBuild({
      name: "restored",
      demo: false,
      prepare: async (persistTo) => {
        restoring = await npmRun("import", "--file", downloaded, "--persist-to", persistTo);
        await npmRun("export", "--out", again, "--persist-to", persistTo);
      },
    });
    expect(restoring).toContain("posts 13 new, 0 updated, 0 skipped");
    expect(restoring).toMatch(/replies 1 new, .*1 of the new never sent: held for you in the Inbox, not e-mailed/);

    const before = await contents(downloaded);
    const after = await contents(again);
    expect(before.manifest.messages.length).toBeGreaterThan(0);
    expect(before.images.size).toBeGreaterThan(50);
    // The same site, except that what had not been e-mailed waits for the artist: nothing restored is sent by itself.
    const expected = structuredClone(before.manifest);
    for (const message of expected.messages) {
      if (["pending", "sending", "failed", "digest"].includes(message.status)) message.status = "held";
    }
    for (const reply of expected.replies) {
      if (!["pending", "sending", "failed"].includes(reply.status)) continue;
      Object.assign(reply, {
        status: "failed",
        attempts: Math.max(5, reply.attempts),
        lastError: "Restored from a backup before it was sent: press Retry reply to send it.",
      });
    }
    expect(expected).not.toEqual(before.manifest);
    expect(after.manifest).toEqual(expected);
    expect([...after.images.keys()]).toEqual([...before.images.keys()]);
    for (const [key, bytes] of before.images) expect(after.images.get(key)!.equals(bytes), key).toBe(true);

    const artworks = before.manifest.artworks as { id: string; draft: boolean }[];
    const paths = [
      "/",
      "/gallery",
      "/events",
      "/testimonials",
      "/about",
      "/impact",
      ...artworks.filter((artwork) => !artwork.draft).map((artwork) => `/post/${artwork.id}`),
    ];
    for (const path of paths) {
      expect(await pageHtml(restored.baseURL, path), path).toBe(await pageHtml(original.baseURL, path));
    }
    for (const key of [...before.images.keys()].slice(0, 3)) {
      const image = await fetch(`${restored.baseURL}/images/${key}`);
      expect(Buffer.from(await image.arrayBuffer()).equals(before.images.get(key)!), key).toBe(true);
    }

    // Restored again into the same store: nothing is duplicated, everything is already there.
    await restored.stopServer();
    const twice = await npmRun("import", "--file", downloaded, "--persist-to", restored.persistTo);
    expect(twice).toContain("posts 0 new, 0 updated, 13 skipped (already the same)");
    expect(twice).toMatch(/images 0 stored, \d+ skipped/);
  } finally {
    await original.stop();
    await restored?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an export of a store that was never set up stops with one line and leaves no file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "backup-unset-"));
  try {
    const out = join(dir, "site-backup.zip");
    const { status, output } = await npmRunResult("export", "--out", out, "--persist-to", join(dir, "state"));
    expect(status).toBe(1);
    expect(output.trim().split("\n").at(-1)).toBe(
      "The site could not be read: D1_ERROR: no such table: posts: SQLITE_ERROR (this store was never set up: `npm start` sets it up)",
    );
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an export of the deployed site without a Cloudflare account stops with one line saying what is missing", async () => {
  test.skip(
    Boolean(process.env.CLOUDFLARE_API_TOKEN ?? process.env.CF_API_TOKEN),
    "a Cloudflare account is set up here",
  );
  const dir = mkdtempSync(join(tmpdir(), "backup-remote-"));
  try {
    const out = join(dir, "site-backup.zip");
    const { status, output } = await npmRunResult("export", "--remote", "--out", out);
    expect(status).toBe(1);
    const last = output.trim().split("\n").at(-1)!;
    expect(last).toMatch(/^The local Workers runtime did not start: .*CLOUDFLARE_API_TOKEN/);
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
