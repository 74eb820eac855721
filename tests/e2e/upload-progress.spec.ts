// Uploading an artwork's images on a slow connection: the bar of bytes sent moves, Cancel stops the
// upload and keeps nothing (no artwork in D1, no image in R2) but everything typed and chosen, and
// sending again stores the artwork exactly once.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSKEY, DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";
import { artworksTitled, imageKeysWith as keysOf } from "./stored";

const seedImage = (name: string) => readFileSync(fileURLToPath(new URL(`../../seed/images/${name}`, import.meta.url)));
/**
 * Bytes a second's upload may carry: the first image goes in about a second, the second would take
 * forty, long enough for the judges to look at the bar on a busy machine before Cancel stops it.
 */
const THROUGHPUT = 200 * 1024;

for (const [width, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`an artwork's upload shows its progress, and Cancel keeps nothing but what was typed (${width})`, async ({
    page,
    context,
  }) => {
    // A throttled upload, the judges and a second sending: given three times the usual time.
    test.slow();
    await page.setViewportSize(viewport);
    const stem = `progress-${width}-${Date.now()}`;
    const title = `Slow Signal ${width} ${Date.now()}`;
    const small = { name: `${stem}-a.jpg`, mimeType: "image/jpeg", buffer: seedImage("wild-poppies-1.jpg") };
    // A camera-sized file: JPEG decoders ignore what follows the image's end.
    const large = {
      name: `${stem}-b.jpg`,
      mimeType: "image/jpeg",
      buffer: Buffer.concat([seedImage("wild-poppies-2.jpg"), Buffer.alloc(8 * 1024 * 1024)]),
    };

    await page.goto("/createPost");
    await hydrated(page);
    await page.getByLabel("Passkey").fill(ADMIN_PASSKEY);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Painted between clinics.");
    await page.getByLabel("Medium").fill("Oil on board");
    await page.getByLabel("Size").fill("30 x 40 cm");
    await page.getByLabel("Images").setInputFiles([small, large]);
    await expect(page.getByRole("list", { name: "Chosen images" }).locator("img")).toHaveCount(2);

    const network = await context.newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: THROUGHPUT,
    });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();

    // The bar names the image on its way and moves as its bytes go.
    const bar = page.getByRole("progressbar", { name: /^Sending/ });
    await expect(bar).toHaveAccessibleName(
      new RegExp(`^Sending "${stem}-b\\.jpg" \\(image 2 of 2\\): [\\d.]+ MB of [\\d.]+ MB$`),
    );
    const sent = async () => Number(await bar.getAttribute("value"));
    const first = await sent();
    await expect.poll(sent).toBeGreaterThan(first);
    expect(Number(await bar.getAttribute("max"))).toBeGreaterThan(8 * 1024 * 1024);
    await judge(page);
    await page.setViewportSize(viewport);

    await page.getByRole("button", { name: "Cancel upload" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `Upload cancelled while sending "${stem}-b.jpg" (image 2 of 2). Nothing was saved; everything you typed and chose is still here.`,
    );
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create Post" })).toBeFocused();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("list", { name: "Chosen images" }).locator("img")).toHaveCount(2);

    // Nothing kept: the Worker deletes what it had stored of the first image once the upload stops.
    await expect.poll(() => keysOf(stem)).toEqual([]);
    expect(artworksTitled(title)).toEqual([]);

    // Sent again at full speed with one tap, it is stored exactly once.
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/dashboard\?notice=artwork-created/);
    expect(artworksTitled(title)).toHaveLength(1);
    const originals = keysOf(stem).filter((key) => key.endsWith(".jpg"));
    expect(originals.map((key) => key.replace(/^posts\/\d+_/, "")).sort()).toEqual([`${stem}-a.jpg`, `${stem}-b.jpg`]);
  });
}
