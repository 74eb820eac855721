// The admin app's home-screen icons (public/icons), drawn from the brand mark by the system Chromium:
// full-bleed paper with the mark inside the middle 60 %, so one drawing serves as a plain icon and as a
// maskable one (a phone's circle or squircle crops to the middle 80 %). Run `npm run icons` after
// changing the mark; the PNGs are committed.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium";

const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#faf7f2"/>
  <g transform="translate(20 20) scale(1.7647)">
    <circle cx="17" cy="17" r="16" fill="#f1ebe2" stroke="#1f1c19" stroke-width="1.2"/>
    <path d="M9 24c3-9 6-14 8-14s2 6 4 6 3-3 4-5" fill="none" stroke="#1f1c19" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="25" cy="11" r="2" fill="#9a4a2a"/>
  </g>
</svg>`;

const SIZES = { "admin-192.png": 192, "admin-512.png": 512, "apple-touch-icon.png": 180 };

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
try {
  for (const [name, size] of Object.entries(SIZES)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(MARK).toString("base64")}"></body></html>`,
    );
    writeFileSync(new URL(`../public/icons/${name}`, import.meta.url), await page.screenshot({ type: "png" }));
    await page.close();
    console.log(`public/icons/${name}: ${size} x ${size}`);
  }
} finally {
  await browser.close();
}
