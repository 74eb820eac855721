import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { serveSeededBuild } from "./lib/served-build";

const passkey = /^ADMIN_PASSKEY=(.*)$/m.exec(readFileSync(".dev.vars.example", "utf8"))![1]!.trim();
const served = await serveSeededBuild({ name: "shots" });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(served.baseURL + "/dashboard");
    await page.getByLabel("Passkey").fill(passkey);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Refresh Public Pages" }).click();
    await page.getByText("Public pages refreshed").waitFor();
    await page.screenshot({ path: `/tmp/dash-${width}.png` });
    await page.getByRole("button", { name: "Refresh Public Pages" }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await page.screenshot({ path: `/tmp/dash-focus-${width}.png` });
  }
} finally {
  await browser.close();
  await served.stopServer();
}
