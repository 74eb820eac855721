// `npm run load`: the production build under `wrangler dev` on a temporary, migrated and seeded store,
// held under a crowd of visitors (pages and page-view beacons) while enquiries arrive at the same time.
// Checks: no 5xx at all; the rate limits answer 429 and nothing else; every accepted enquiry is in D1;
// and the memory of the wrangler process group before and after. Exits non-zero when a check fails.
//
//   npm run load -- [--connections 50] [--duration 30] [--enquiries 20] [--render]
//
// Public pages come from the public cache's stand-in (app/public-cache) as visitors get them; --render
// asks for every page afresh (Cache-Control: no-cache, which the stand-in honours) to load rendering.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import http from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { ensureBuild, serveSeededBuild } from "./lib/served-build";
import { ROOT } from "./lib/root";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "30" },
    enquiries: { type: "string", default: "20" },
    render: { type: "boolean", default: false },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const ENQUIRIES = Number(args.enquiries);
// The limits in wrangler.toml: FORM_LIMITER 10 a minute, EVENT_LIMITER 120 a minute, per client IP.
const FORM_LIMIT = 10;
const EVENT_LIMIT = 120;

const RUN = Date.now().toString(36);
// A browser, not a bot: the beacon ignores bots, and the crowd should cost what real visitors cost.
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const failures: string[] = [];
const check = (ok: boolean, failure: string) => {
  if (!ok) failures.push(failure);
};

/** Resident memory (kB) of every process in the group `pgid` (wrangler and its workerd), from /proc. */
function groupRss(pgid: number): { totalKb: number; processes: string[] } {
  let totalKb = 0;
  const processes: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command: state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      const name = /^Name:\s+(.+)$/m.exec(status)?.[1] ?? "?";
      totalKb += rss;
      processes.push(`${name} ${entry}: ${(rss / 1024).toFixed(0)} MB`);
    } catch {
      // The process ended while we looked.
    }
  }
  return { totalKb, processes };
}

/** Waits, if needed, until at least `ms` remain of the current wall-clock minute (the limiters' window). */
async function insideOneWindow(ms: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const ipOf = (block: number, n: number) => `10.${block}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

type Tally = Map<number, number>;
const count = (tally: Tally, status: number) => tally.set(status, (tally.get(status) ?? 0) + 1);
const show = (tally: Tally) =>
  [...tally.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ") || "none";
const only = (tally: Tally, allowed: number[]) => [...tally.keys()].every((status) => allowed.includes(status));
const sum = (tally: Tally, pick: (status: number) => boolean = () => true) =>
  [...tally.entries()].filter(([status]) => pick(status)).reduce((total, [, n]) => total + n, 0);

async function firstArtworkId(baseURL: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/gallery`)).text();
  const id = /href="\/post\/([^"?#]+)"/.exec(html)?.[1];
  if (!id) throw new Error("The seeded gallery shows no artwork to enquire about.");
  return decodeURIComponent(id);
}

function enquiry(baseURL: string, artworkId: string, ip: string, label: string): Promise<number> {
  return fetch(`${baseURL}/post/${encodeURIComponent(artworkId)}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: baseURL,
      "CF-Connecting-IP": ip,
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": BROWSER,
    },
    body: new URLSearchParams({
      name: `Load Tester ${label}`,
      email: "load@example.com",
      address: "1 Park Lane, Leeds",
      message: `load-${RUN}-${label}`,
    }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
}

function beacon(baseURL: string, ip: string): Promise<number> {
  return fetch(`${baseURL}/api/event`, {
    method: "POST",
    headers: { Origin: baseURL, "CF-Connecting-IP": ip, "Content-Type": "application/json", "User-Agent": BROWSER },
    body: JSON.stringify({ type: "pageview", path: "/", screenWidth: 1280, visitId: `probe-${RUN}` }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
}

/** The crowd: every connection cycles through the public pages and a beacon, each request from one of `CONNECTIONS` visitors. */
function crowd(baseURL: string, artworkId: string) {
  const pages = ["/", "/gallery", `/post/${encodeURIComponent(artworkId)}`, "/events", "/testimonials", "/about"];
  const tallies = { pages: new Map() as Tally, beacon: new Map() as Tally };
  let visitor = 0;
  const asVisitor = (request: autocannon.Request) => {
    request.headers = { ...request.headers, "CF-Connecting-IP": ipOf(1, visitor++ % CONNECTIONS) };
    return request;
  };
  const requests: autocannon.Request[] = [
    ...pages.map((path) => ({
      method: "GET" as const,
      path,
      headers: args.render ? { "Cache-Control": "no-cache" } : {},
      setupRequest: asVisitor,
      onResponse: (status: number) => void count(tallies.pages, status),
    })),
    {
      method: "POST" as const,
      path: "/api/event",
      headers: { Origin: baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "pageview",
        path: "/gallery",
        referrer: "https://www.google.com/",
        screenWidth: 390,
        visitId: `crowd-${RUN}`,
      }),
      setupRequest: asVisitor,
      onResponse: (status: number) => void count(tallies.beacon, status),
    },
  ];
  const run = autocannon({
    url: baseURL,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { "User-Agent": BROWSER },
    requests,
    timeout: 30,
  });
  return { done: run as unknown as Promise<autocannon.Result>, tallies };
}

const HUGE_BYTES = 100 * 1024 * 1024;

/**
 * A 100 MB form POST, with its length declared or sent without one (chunked), made up as it is sent
 * and stopped as soon as the server answers: the status, and how many bytes went out before it did.
 */
function hugePost(baseURL: string, path: string, declared: boolean): Promise<{ status: number; sentMb: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseURL);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const request = http.request(url, {
      method: "POST",
      headers: {
        Origin: baseURL,
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": ipOf(5, declared ? 1 : 2),
        ...(declared ? { "Content-Length": String(HUGE_BYTES) } : {}),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      request.destroy();
      resolve({ status: response.statusCode ?? 0, sentMb: Math.round(sent / 1024 / 1024) });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < HUGE_BYTES) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

/** Rows in D1 (read with wrangler, after the server stopped) for the enquiries of this run. */
function storedEnquiries(persistTo: string): string[] {
  const result = spawnSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--json",
      "--command",
      `select message from messages where kind = 'enquiry' and message like 'load-${RUN}-%'`,
    ],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr}`);
  const output = JSON.parse(result.stdout) as Array<{ results: Array<{ message: string }> }>;
  return output.flatMap((statement) => statement.results.map((row) => row.message));
}

async function main() {
  ensureBuild();
  const served = await serveSeededBuild({ name: "load" });
  try {
    const { baseURL } = served;
    const artworkId = await firstArtworkId(baseURL);
    const rssBefore = groupRss(served.pid);
    const loadBefore = loadavg()[0]!;

    console.log(
      `\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s against ${baseURL}, with ${ENQUIRIES} enquiries at once...`,
    );
    const load = crowd(baseURL, artworkId);

    // While the crowd browses: enquiries, each from its own visitor, all at the same moment.
    const enquiryStatuses = new Map() as Tally;
    const accepted: string[] = [];
    // Deliberately a while into the run, so the enquiries meet a server that is already under load.
    await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, (DURATION_S * 1000) / 4)));
    await Promise.all(
      Array.from({ length: ENQUIRIES }, async (_, i) => {
        const status = await enquiry(baseURL, artworkId, ipOf(2, i), `crowd-${i}`);
        count(enquiryStatuses, status);
        if (status === 200) accepted.push(`load-${RUN}-crowd-${i}`);
      }),
    );

    // One visitor over the form limit and one over the beacon limit, each burst all at once and inside
    // one limiter window: the local limiter counts per wall-clock minute, so a burst that straddled a
    // minute would be counted in two windows and could pass the limit without a 429.
    await insideOneWindow(20_000);
    const formBurst = new Map() as Tally;
    const beaconBurst = new Map() as Tally;
    await Promise.all([
      ...Array.from({ length: FORM_LIMIT + 5 }, async (_, i) => {
        const status = await enquiry(baseURL, artworkId, ipOf(3, 0), `burst-${i}`);
        count(formBurst, status);
        if (status === 200) accepted.push(`load-${RUN}-burst-${i}`);
      }),
      ...Array.from({ length: EVENT_LIMIT + 20 }, async () => count(beaconBurst, await beacon(baseURL, ipOf(4, 0)))),
    ]);

    const result = await load.done;
    const rssAfter = groupRss(served.pid);

    // Bodies far over every cap: answered 413 without the Worker holding them.
    const huge = [
      await hugePost(baseURL, "/dashboard", true),
      await hugePost(baseURL, "/contact", false),
      await hugePost(baseURL, "/createPost", false),
    ];
    const rssAfterHuge = groupRss(served.pid);
    const loadAfter = loadavg()[0]!;
    await served.stopServer();
    const stored = storedEnquiries(served.persistTo);

    const all5xx =
      sum(load.tallies.pages, (s) => s >= 500) +
      sum(load.tallies.beacon, (s) => s >= 500) +
      sum(enquiryStatuses, (s) => s >= 500) +
      sum(formBurst, (s) => s >= 500) +
      sum(beaconBurst, (s) => s >= 500);
    const all429 =
      sum(load.tallies.beacon, (s) => s === 429) +
      sum(enquiryStatuses, (s) => s === 429) +
      sum(formBurst, (s) => s === 429) +
      sum(beaconBurst, (s) => s === 429);
    const missing = accepted.filter((message) => !stored.includes(message));

    check(all5xx === 0, `${all5xx} answers were 5xx`);
    check(
      result.errors === 0 && result.timeouts === 0,
      `${result.errors} connection errors, ${result.timeouts} timeouts`,
    );
    check(only(load.tallies.pages, [200]), `public pages answered ${show(load.tallies.pages)}`);
    check(only(load.tallies.beacon, [204, 429]), `beacons answered ${show(load.tallies.beacon)}`);
    check(only(enquiryStatuses, [200]), `enquiries from separate visitors answered ${show(enquiryStatuses)}`);
    check(
      only(formBurst, [200, 429]) && sum(formBurst, (s) => s === 200) <= FORM_LIMIT && formBurst.has(429),
      `${FORM_LIMIT + 5} enquiries from one visitor answered ${show(formBurst)} (want at most ${FORM_LIMIT} × 200, the rest 429)`,
    );
    check(
      only(beaconBurst, [204, 429]) && sum(beaconBurst, (s) => s === 204) <= EVENT_LIMIT && beaconBurst.has(429),
      `${sum(beaconBurst)} beacons from one visitor answered ${show(beaconBurst)} (want at most ${EVENT_LIMIT} × 204, the rest 429)`,
    );
    check(
      huge.every(({ status }) => status === 413 || status === 401),
      `100 MB POSTs answered ${huge.map(({ status }) => status).join(", ")} (want 413, or 401 for an upload without a session)`,
    );
    check(
      rssAfterHuge.totalKb - rssAfter.totalKb < 100 * 1024,
      `memory grew by ${((rssAfterHuge.totalKb - rssAfter.totalKb) / 1024).toFixed(0)} MB under three 100 MB POSTs`,
    );
    check(missing.length === 0, `${missing.length} accepted enquiries are missing from D1: ${missing.join(", ")}`);
    check(
      stored.length === accepted.length,
      `D1 holds ${stored.length} enquiries of this run but ${accepted.length} were accepted`,
    );

    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    const rows: Array<[string, string]> = [
      ["connections × duration", `${CONNECTIONS} × ${DURATION_S} s${args.render ? ", pages rendered afresh" : ""}`],
      // Throughput here says as much about the machine as about the app: show how busy it was.
      [
        "machine load (1 min) before / after",
        `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpus().length} cores`,
      ],
      ["requests (crowd)", `${result.requests.total} (${result.requests.average.toFixed(0)} req/s)`],
      ["latency p50 / p99", `${result.latency.p50} ms / ${result.latency.p99} ms`],
      ["pages", show(load.tallies.pages)],
      ["beacons (crowd)", show(load.tallies.beacon)],
      ["enquiries, one visitor each", show(enquiryStatuses)],
      [`enquiries, one visitor × ${FORM_LIMIT + 5}`, show(formBurst)],
      [`beacons, one visitor × ${sum(beaconBurst)}`, show(beaconBurst)],
      ["5xx (all)", String(all5xx)],
      ["429 (all)", String(all429)],
      ["errors / timeouts", `${result.errors} / ${result.timeouts}`],
      ["enquiries accepted / in D1", `${accepted.length} / ${stored.length}`],
      ["RSS wrangler group before", `${mb(rssBefore.totalKb)} (${rssBefore.processes.join(", ")})`],
      ["RSS wrangler group after", `${mb(rssAfter.totalKb)} (${rssAfter.processes.join(", ")})`],
      [
        "100 MB POSTs (/dashboard with a length, /contact and /createPost without)",
        huge.map(({ status, sentMb }) => `${status} after ${sentMb} MB sent`).join("; "),
      ],
      ["RSS wrangler group after them", `${mb(rssAfterHuge.totalKb)} (${rssAfterHuge.processes.join(", ")})`],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log("");
    for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
    console.log("");
    if (failures.length > 0) {
      for (const failure of failures) console.error(`FAIL  ${failure}`);
      process.exitCode = 1;
    } else {
      console.log("All load checks passed.");
    }
  } finally {
    await served.stop();
  }
}

await main();
