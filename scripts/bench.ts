// `npm run bench [-- --url http://localhost:8787 --requests 50]`: measures what a visitor waits for.
// Server timing: sequential GETs of the main pages against a running server (`npm start`), p50/p95 in ms.
// Weight: the JavaScript and CSS a first visit downloads, gzipped, from the client build.
// Budgets are enforced by the performance issue; this prints the figures.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const baseUrl = option("url", "http://localhost:8787");
const requests = Number(option("requests", "50"));
const PAGES = ["/", "/gallery", "/gallery?category=oil", "/no-such-page"];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timePage(path: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const response = await fetch(baseUrl + path);
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { path, p50: percentile(times, 50), p95: percentile(times, 95), htmlKb: bytes / 1024 };
}

function clientWeight() {
  const dir = join(ROOT, "build/client/assets");
  let js = 0;
  let css = 0;
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    if (!statSync(path).isFile()) continue;
    const gz = gzipSync(readFileSync(path)).byteLength;
    if (file.endsWith(".js")) js += gz;
    if (file.endsWith(".css")) css += gz;
  }
  return { jsKb: js / 1024, cssKb: css / 1024 };
}

try {
  await fetch(baseUrl);
} catch {
  console.error(`Nothing answers at ${baseUrl}: start the site with \`npm start\` first, or pass --url.`);
  process.exit(1);
}
console.log(`Server timing at ${baseUrl}, ${requests} sequential requests per page`);
for (const path of PAGES) {
  const { p50, p95, htmlKb } = await timePage(path);
  console.log(
    `  ${path.padEnd(24)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   HTML ${htmlKb.toFixed(1)} KB`,
  );
}
const { jsKb, cssKb } = clientWeight();
console.log(`Client build (all chunks, gzipped): JS ${jsKb.toFixed(1)} KB, CSS ${cssKb.toFixed(1)} KB`);
