// Makes the display, medium and thumbnail copies of every demo photograph exactly as the admin's browser
// makes them for a real upload: app/images/browser-copies.ts, bundled and run in (system) Chromium. The
// WebP files land in seed/images/copies/ and are committed, so seeding needs no browser:
//
//   npm run images:copies      (after adding or replacing a photograph in seed/images/)
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COPY_KINDS, type CopyKind } from "../app/images/references";
import { DEMO_COPIES_DIR, DEMO_IMAGE_DIR, demoCopyFile } from "../seed/demo-content";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium";
import { ROOT } from "./lib/root";

const bundle = await build({
  entryPoints: [join(ROOT, "app/images/browser-copies.ts")],
  bundle: true,
  format: "iife",
  globalName: "ImageCopies",
  write: false,
  tsconfig: join(ROOT, "tsconfig.json"),
});

// Kept as source text: tsx would otherwise wrap a function's names in helpers the page does not have.
const COPY_IN_BROWSER = `async ({ name, base64 }) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const made = await ImageCopies.makeImageCopies(new File([bytes], name, { type: "image/jpeg" }));
  const encode = async (blob) => {
    if (!blob) return null;
    let text = "";
    for (const byte of new Uint8Array(await blob.arrayBuffer())) text += String.fromCharCode(byte);
    return btoa(text);
  };
  return { display: await encode(made.display), medium: await encode(made.medium), thumbnail: await encode(made.thumbnail) };
}`;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  mkdirSync(DEMO_COPIES_DIR, { recursive: true });
  const photographs = readdirSync(DEMO_IMAGE_DIR).filter(
    (file) => file.endsWith(".jpg") && file !== "artist-portrait.jpg",
  );
  for (const file of photographs) {
    const input = { name: file, base64: readFileSync(join(DEMO_IMAGE_DIR, file)).toString("base64") };
    const copies = (await page.evaluate(`(${COPY_IN_BROWSER})(${JSON.stringify(input)})`)) as Record<
      CopyKind,
      string | null
    >;
    for (const kind of COPY_KINDS) {
      const data = copies[kind];
      if (!data) continue; // not worth making for this image (as in an upload)
      writeFileSync(join(DEMO_COPIES_DIR, demoCopyFile(file, kind)), Buffer.from(data, "base64"));
    }
    console.log(`copies of ${file}`);
  }
} finally {
  await browser.close();
}
