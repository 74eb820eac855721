// `npm run bench`: builds the app, serves the production build with `wrangler dev` on a temporary
// store holding a large collection (500 artworks, 50 events, 200 testimonials), and measures what a
// visitor waits for: server throughput and latency against a static asset, D1 statements per page,
// page weight, and Lighthouse (mobile) in system Chromium. Writes bench/results.json, prints a
// Markdown summary and exits 1 when a budget is missed. Options:
//   --duration S      seconds of load per route (default 10)
//   --connections N   concurrent connections per route (default 10)
//   --no-lighthouse   skip the browser part (budgets that need it are then reported as skipped)
//   --no-load         skip the autocannon part (likewise)
//   --url URL         measure a server already running with the bench collection and BENCH_COUNT_D1=1
//                     (see scripts/lib/bench-collection.ts) instead of building and serving one
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { variantKeyFor } from "../app/images/storage.server";
import { demoImageKey, DEMO_ARTWORKS } from "../seed/demo-content";
import { webpWidth } from "../app/images/bytes";
import { imageSrc } from "../app/images/references";
import { BENCH_COLLECTION, benchPosts, seedBenchCollection } from "./lib/bench-collection";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium";
import { ensureBuild, serveSeededBuild } from "./lib/served-build";
import { ROOT } from "./local-setup";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const DURATION = option("duration", 10);
const CONNECTIONS = option("connections", 10);
const LIGHTHOUSE = !args.includes("--no-lighthouse");
const LOAD = !args.includes("--no-load");
const URL_GIVEN = args[args.indexOf("--url") + 1];

const BUDGET = {
  d1StatementsPerPage: 2,
  galleryHtmlKb: 150,
  jsGzipKbPerPage: 110,
  thumbnailWidth: 480,
  /** A page served from the cache, against the static file measured just before it. */
  cachedP50RatioToStatic: 1.5,
  /** Of the requests for a page as visitors get it, how many the cache answers. */
  hitRatio: 0.99,
  lighthouse: { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 },
  cls: 0,
} as const;

// The newest bench artwork: what a visitor following an Instagram link lands on.
const ARTWORK = benchPosts(BENCH_COLLECTION.artworks).at(-1)!;
const THUMBNAIL = imageSrc(variantKeyFor(demoImageKey(DEMO_ARTWORKS[0]!.images[0]!), "thumbnail"));
const PUBLIC_PAGES = [
  "/",
  "/gallery",
  "/gallery?category=oil",
  `/post/${ARTWORK.id}`,
  "/about",
  "/events",
  "/testimonials",
  "/testimonials/add",
  "/contact",
];
const STATIC_ASSET = "/favicon.svg";
const LOAD_TARGETS = [
  STATIC_ASSET,
  "/",
  "/gallery",
  "/gallery?category=oil",
  `/post/${ARTWORK.id}`,
  THUMBNAIL,
  "/events",
];
// Pages (not the image) are also measured rendered afresh: what the first visitor in a minute, or a
// visitor whose data centre has no copy yet, waits for.
const RENDERED_TARGETS = LOAD_TARGETS.filter((path) => path !== STATIC_ASSET && path !== THUMBNAIL);
const FRESH = { "Cache-Control": "no-cache" };
const LIGHTHOUSE_PAGES = ["/", "/gallery", `/post/${ARTWORK.id}`];

type Check = { budget: string; measured: string; ok: boolean | null };
const checks: Check[] = [];
function check(budget: string, measured: string, ok: boolean | null) {
  checks.push({ budget, measured, ok });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function get(baseURL: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseURL + path, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  return { response, body, text: new TextDecoder().decode(body) };
}

/** Every JS and CSS file a page loads on a first visit: modulepreloads, module imports and stylesheets. */
function assetsOf(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) js.add(href!);
  for (const [, src] of html.matchAll(/import[^"']*["'](\/assets\/[^"']+\.js)["']/g)) js.add(src!);
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) js.add(src!);
  for (const [, href] of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) css.add(href!);
  return { js: [...js], css: [...css] };
}

async function weightOf(baseURL: string, path: string) {
  // Rendered afresh, so the statements counted are those a render runs (a cached copy runs none).
  const page = await get(baseURL, path, FRESH);
  const { js, css } = assetsOf(page.text);
  const sum = async (urls: string[]) => {
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const { body } = await get(baseURL, url);
      raw += body.byteLength;
      gzip += gzipSync(body).byteLength;
    }
    return { raw, gzip };
  };
  return {
    path,
    statements: Number(page.response.headers.get("X-D1-Statements") ?? NaN),
    html: { raw: page.body.byteLength, gzip: gzipSync(page.body).byteLength },
    js: { files: js.length, ...(await sum(js)) },
    css: { files: css.length, ...(await sum(css)) },
    text: page.text,
  };
}

async function shopGridImages(baseURL: string, html: string) {
  const sources = [...html.matchAll(/<img[^>]+src="(\/images\/[^"]+)"/g)].map(([, src]) => src!);
  let bytes = 0;
  let widest = 0;
  for (const src of sources) {
    const { body } = await get(baseURL, src);
    bytes += body.byteLength;
    // Thumbnails are the browser-made WebP copies; anything else (an original) counts as too wide.
    widest = Math.max(widest, webpWidth(body) ?? Infinity);
  }
  return { images: sources.length, bytes, widest };
}

/** An autocannon run, with the share of answers the cache served (Cf-Cache-Status: HIT). */
function load(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result & { hitRatio: number }> {
  let answers = 0;
  let hits = 0;
  const setupClient = (client: autocannon.Client) =>
    client.on("headers", (info) => {
      // At run time this is the HTTP parser's record: the headers as a flat [name, value, ...] list.
      const raw = (info as unknown as { headers: string[] }).headers;
      answers++;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.toLowerCase() === "cf-cache-status" && raw[i + 1] === "HIT") hits++;
      }
    });
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, setupClient }, (error, result) =>
      error ? reject(error) : resolve({ ...result, hitRatio: answers ? hits / answers : 0 }),
    );
  });
}

// Lighthouse's mobile preset slows the CPU 4× on the assumption that the host scores about 1,000 on its
// benchmark (it warns below that): 4× of such a host is its target phone, a Moto G Power at about 264
// (the "low-tier" score DevTools calibrates against). A slower or busy host gets the multiplier that
// reaches the same phone, never more than the default 4×.
const TARGET_PHONE_BENCHMARK = 264;
const RUNS_PER_PAGE = 5;

type LighthouseRun = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

function summariseRun(path: string, run: LighthouseRun) {
  const { categories, audits, environment } = run.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items = (audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const bytesOf = (type: string) =>
    items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + Number(item.resourceSize ?? 0), 0);
  const belowFullMarks = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .filter((audit) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
    .map((audit) => audit.id);
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
    cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) / 1000,
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
    imageBytes: bytesOf("Image"),
    scriptBytes: bytesOf("Script"),
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    belowFullMarks,
  };
}

async function runLighthouse(baseURL: string) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const audit = async (path: string, cpuSlowdownMultiplier?: number) => {
    // A run that fails to load the page (runtimeError) is retried once rather than scored as 0.
    for (let attempt = 1; ; attempt++) {
      const run = await lighthouse(
        baseURL + path,
        { port: chrome.port, output: "json", logLevel: "error" },
        cpuSlowdownMultiplier
          ? { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier } } }
          : undefined,
      );
      if (run && !run.lhr.runtimeError) return run;
      if (attempt === 2) throw new Error(`Lighthouse could not audit ${path}: ${run?.lhr.runtimeError?.message}`);
    }
  };
  try {
    // Calibration (and warm-up) run with the default settings.
    const calibration = await audit(LIGHTHOUSE_PAGES[0]!);
    const benchmarkIndex = calibration.lhr.environment.benchmarkIndex;
    const multiplier = Math.min(4, Math.max(1, Math.round((benchmarkIndex / TARGET_PHONE_BENCHMARK) * 10) / 10));
    const pages = [];
    for (const path of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS_PER_PAGE; i++) runs.push(summariseRun(path, await audit(path, multiplier)));
      // The median run by performance score, as Lighthouse's own guidance on variability advises.
      runs.sort((a, b) => a.performance - b.performance);
      pages.push({ ...runs[Math.floor(runs.length / 2)]!, performanceRuns: runs.map((run) => run.performance) });
    }
    return { cpuSlowdownMultiplier: multiplier, calibrationBenchmarkIndex: Math.round(benchmarkIndex), pages };
  } finally {
    chrome.kill();
  }
}

function table(headers: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

async function serve() {
  ensureBuild({ fresh: true });
  console.log("Seeding the bench collection…");
  const served = await serveSeededBuild({
    name: "bench",
    vars: { BENCH_COUNT_D1: "1" },
    prepare: seedBenchCollection,
  });
  console.log(`Serving the production build at ${served.baseURL}`);
  return served;
}

async function main() {
  const served = args.includes("--url") && URL_GIVEN ? { baseURL: URL_GIVEN, stop: async () => {} } : await serve();
  try {
    const { baseURL } = served;

    // Warm-up, so the first measured request does not pay for compiling the Worker.
    for (const path of [...PUBLIC_PAGES, THUMBNAIL, STATIC_ASSET]) await get(baseURL, path);

    const pages = [];
    for (const path of PUBLIC_PAGES) pages.push(await weightOf(baseURL, path));
    const gallery = pages.find((page) => page.path === "/gallery")!;
    const grid = await shopGridImages(baseURL, gallery.text);
    const artwork = await shopGridImages(baseURL, pages.find((page) => page.path.startsWith("/post/"))!.text);

    const server = [];
    const runs = [
      ...LOAD_TARGETS.slice(1).map((path) => ({ path, rendered: false })),
      ...RENDERED_TARGETS.map((path) => ({ path, rendered: true })),
    ];
    for (const { path, rendered } of LOAD ? runs : []) {
      // The static file is measured right before each route, so both meet the machine in the same state.
      const reference = await load(baseURL + STATIC_ASSET);
      const result = await load(baseURL + path, rendered ? FRESH : {});
      server.push({
        path,
        served: rendered ? "rendered" : "cached",
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        staticP50Ms: reference.latency.p50,
        p50RatioToStatic: Math.round((result.latency.p50 / Math.max(reference.latency.p50, 1)) * 100) / 100,
        ...(rendered || path === THUMBNAIL ? {} : { hitRatio: Math.round(result.hitRatio * 10000) / 10000 }),
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
    const lighthouseRuns = LIGHTHOUSE ? await runLighthouse(baseURL) : undefined;
    const browser = lighthouseRuns?.pages ?? [];

    // Budgets.
    for (const page of pages) {
      check(
        `${page.path}: at most ${BUDGET.d1StatementsPerPage} D1 statements`,
        String(page.statements),
        page.statements <= BUDGET.d1StatementsPerPage,
      );
    }
    check(
      `/gallery HTML at ${BENCH_COLLECTION.artworks} artworks ≤ ${BUDGET.galleryHtmlKb} KB`,
      `${kb(gallery.html.raw)} KB`,
      gallery.html.raw <= BUDGET.galleryHtmlKb * 1024,
    );
    for (const page of pages) {
      check(
        `${page.path}: JS ≤ ${BUDGET.jsGzipKbPerPage} KB gzip`,
        `${kb(page.js.gzip)} KB`,
        page.js.gzip <= BUDGET.jsGzipKbPerPage * 1024,
      );
    }
    check(
      `shop grid images are ${BUDGET.thumbnailWidth} px thumbnails`,
      `${grid.images} images, widest ${grid.widest} px`,
      grid.images > 0 && grid.widest <= BUDGET.thumbnailWidth,
    );
    for (const path of LOAD_TARGETS.slice(1)) {
      const row = server.find((result) => result.path === path && result.served === "cached");
      check(
        `${path}: cached p50 ≤ ${BUDGET.cachedP50RatioToStatic}× static`,
        row ? `${row.p50Ms} ms (${row.p50RatioToStatic}× ${row.staticP50Ms} ms), ${row.errors} errors` : "skipped",
        row ? row.p50RatioToStatic <= BUDGET.cachedP50RatioToStatic && row.errors === 0 : null,
      );
      if (path === THUMBNAIL) continue;
      check(
        `${path}: cache hit ratio ≥ ${BUDGET.hitRatio}`,
        row?.hitRatio === undefined ? "skipped" : String(row.hitRatio),
        row?.hitRatio === undefined ? null : row.hitRatio >= BUDGET.hitRatio,
      );
    }
    for (const path of LIGHTHOUSE_PAGES) {
      const run = browser.find((result) => result.path === path);
      for (const [category, minimum] of Object.entries(BUDGET.lighthouse)) {
        const score = run?.[category as keyof typeof BUDGET.lighthouse];
        check(
          `${path}: Lighthouse ${category} ≥ ${minimum}`,
          String(score ?? "skipped"),
          run ? score! >= minimum : null,
        );
      }
      check(`${path}: CLS ${BUDGET.cls}`, String(run?.cls ?? "skipped"), run ? run.cls <= BUDGET.cls : null);
    }

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { node: process.version, cpus: (await import("node:os")).cpus().length },
      collection: BENCH_COLLECTION,
      settings: { durationSeconds: DURATION, connections: CONNECTIONS },
      server,
      pages: pages.map(({ text: _text, ...page }) => page),
      images: { shopGrid: grid, firstArtworkView: artwork },
      lighthouse: lighthouseRuns ?? "skipped",
      budgets: checks,
    };
    mkdirSync(join(ROOT, "bench"), { recursive: true });
    writeFileSync(join(ROOT, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");

    console.log(`\n## Server (${CONNECTIONS} connections, ${DURATION} s per route)\n`);
    console.log(
      table(
        ["route", "served", "req/s", "p50 ms", "p99 ms", "static p50 ms", "p50 ÷ static", "hits", "errors"],
        results.server.map((row) => [
          row.path,
          row.served,
          row.requestsPerSecond,
          row.p50Ms,
          row.p99Ms,
          row.staticP50Ms,
          `${row.p50RatioToStatic}×`,
          row.hitRatio ?? "",
          row.errors,
        ]),
      ),
    );
    console.log(`\n## Pages (D1 statements; bytes raw / gzip)\n`);
    console.log(
      table(
        ["page", "D1", "HTML KB", "JS KB", "CSS KB"],
        pages.map((page) => [
          page.path,
          page.statements,
          `${kb(page.html.raw)} / ${kb(page.html.gzip)}`,
          `${kb(page.js.raw)} / ${kb(page.js.gzip)} (${page.js.files} files)`,
          `${kb(page.css.raw)} / ${kb(page.css.gzip)}`,
        ]),
      ),
    );
    console.log(
      `\nShop grid: ${grid.images} images, ${kb(grid.bytes)} KB, widest ${grid.widest} px. ` +
        `Artwork page: ${artwork.images} images in the HTML, ${kb(artwork.bytes)} KB.`,
    );
    if (browser.length) {
      console.log(
        `\n## Lighthouse (mobile; median of ${RUNS_PER_PAGE} runs; CPU slowdown ${lighthouseRuns!.cpuSlowdownMultiplier}× ` +
          `for a host benchmark of ${lighthouseRuns!.calibrationBenchmarkIndex})\n`,
      );
      console.log(
        table(
          ["page", "perf", "a11y", "best practices", "SEO", "FCP ms", "LCP ms", "CLS", "TBT ms", "image KB", "JS KB"],
          browser.map((run) => [
            run.path,
            run.performance,
            run.accessibility,
            run["best-practices"],
            run.seo,
            run.fcpMs,
            run.lcpMs,
            run.cls,
            run.tbtMs,
            kb(run.imageBytes),
            kb(run.scriptBytes),
          ]),
        ),
      );
      for (const run of browser) {
        if (run.belowFullMarks.length)
          console.log(`  ${run.path} audits below full marks: ${run.belowFullMarks.join(", ")}`);
      }
    }
    console.log(`\n## Budgets\n`);
    console.log(
      table(
        ["budget", "measured", "result"],
        checks.map((c) => [c.budget, c.measured, c.ok === null ? "skipped" : c.ok ? "ok" : "**MISSED**"]),
      ),
    );
    const missed = checks.filter((c) => c.ok === false);
    console.log(
      missed.length ? `\n${missed.length} budget(s) missed.` : "\nEvery budget holds. Results in bench/results.json.",
    );
    process.exitCode = missed.length ? 1 : 0;
  } finally {
    await served.stop();
  }
}

await main();
