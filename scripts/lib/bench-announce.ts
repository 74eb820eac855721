// An announcement to the whole mailing list (`npm run bench:announce`, and a part of `npm run bench`): the
// production build served by `wrangler dev` on a fresh store holding the demo content and 10,000 confirmed
// subscribers, its MailChannels faked by a local HTTP server that fails a random 5% of calls. One Send of one
// published artwork is timed (wall, client side) and profiled (CPU in the Worker's isolate: V8's samples,
// counted as scripts/lib/cpu-profile.ts counts them, those taken while Send ran less the queue consumer's);
// then the queue consumer's deliveries are watched until every subscriber has had the e-mail once, or nothing
// more moves. The budget (the issue's): Send answers in under
// a second and 10 ms of CPU; the consumer delivers all 10,000 with none lost and none twice.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatNumber } from "~/ui/numbers";
import { busyMs } from "./cpu-profile";
import { Inspector } from "./inspector";
import { ROOT } from "./root";
import { signInLocally } from "./sign-in";
import { ensureBuild, serveSeededBuild } from "./served-build";

export const ANNOUNCE_BUDGET = {
  /** Confirmed subscribers who all want what is announced. */
  subscribers: 10_000,
  /** Send's answer, client side. */
  sendWallMs: 1000,
  /** Send's CPU in the Worker's isolate (the Free plan stops a request at 10 ms). */
  sendCpuMs: 10,
  /** Of MailChannels' calls, this share fails (503), at random. */
  failRate: 0.05,
} as const;

/** ANNOUNCE_RETRY_SECONDS: the first retry of a failed part after 1 s (then 2, 4, 8), not a minute. */
const RETRY_SECONDS = 1;
/** How long the deliveries are watched at most. */
const TIMEOUT_MS = 10 * 60_000;
/** No call for this long before all have arrived: nothing more is moving (the longest retry delay is 8 s). */
const STALLED_MS = 60_000;
/** Once all have arrived, calls are still watched until none has come for this long: a late duplicate counts. */
const SETTLE_MS = 10_000;
/** The profiler's sampling interval, as scripts/lib/cpu-profile.ts sets it. */
const INTERVAL_MICROS = 500;
const MAIL_KEY = "bench-announce-mail-key";
const FORM_ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type AnnounceMeasure = {
  subscribers: number;
  /** The fake's PRNG seed: the same seed draws the same failures for the same order of calls. */
  seed: number;
  failRate: number;
  retrySeconds: number;
  artworkId: string;
  send: {
    status: number;
    location: string | null;
    /** `?queued=N` of the answer's Location. */
    queued: number | null;
    wallMs: number;
    /**
     * Send's CPU in the isolate, the budget's figure: the busy samples taken while Send ran (from leaving to
     * its answer arriving), less those of the queue consumer's handler ("answer"); or, when the profile's clock
     * could not be matched, the whole profile ("profile"). An upper bound either way: the consumer runs in the
     * same isolate and may start meanwhile, and its work after its first await is not told apart.
     */
    cpuMs: number;
    cpuWindow: "answer" | "profile";
    /** The isolate's busy time from the profiler's start to its stop, as scripts/lib/cpu-profile.ts counts it. */
    profileCpuMs: number;
    /** The consumer's samples taken while Send ran, left out of cpuMs (null: not told apart). */
    consumerCpuMs: number | null;
    /** MailChannels calls the consumer had made before Send's answer arrived (0: the CPU is Send's alone). */
    callsDuringSend: number;
  };
  delivery: {
    /** Subscribers' addresses the fake accepted at least once. */
    distinct: number;
    /** Addresses accepted more than once, and the extra e-mails they got. */
    duplicated: number;
    extraEmails: number;
    lost: number;
    /** Addresses accepted that are not the bench's subscribers (none expected). */
    strangers: number;
    calls: number;
    /** Answered 503 by the fake's draw. */
    failed: number;
    /** Refused for a wrong key or a body that is not a MailChannels request (none expected). */
    refused: number;
    /** The most recipients one accepted call carried (ANNOUNCE_PART_SIZE). */
    largestCall: number;
    /** From Send to the first MailChannels call, and to the last accepted one. */
    firstCallSeconds: number | null;
    lastDeliverySeconds: number | null;
    outcome: "all arrived" | "stalled" | "timed out" | "server stopped";
  };
  /** The recipients' rows in D1 once the server has stopped: how many in each status, and by attempts. */
  recipients: { byStatus: Record<string, number>; byAttempts: Record<string, number> } | null;
  /** Lines the Worker logged about announcements (failures), the first few. */
  workerErrors: string[];
};

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type MailStats = {
  calls: number;
  failed: number;
  refused: number;
  largestCall: number;
  /** Accepted e-mails per address. */
  received: Map<string, number>;
  /** performance.now() of the first call and of the last accepted one. */
  firstCallAt: number | null;
  lastAcceptedAt: number | null;
};

/**
 * MailChannels' send endpoint on a free local port: checks the X-Api-Key, fails `failRate` of the calls
 * with 503 (drawn from a PRNG seeded with `seed`), and for the others records each personalization's address
 * and answers as MailChannels does, 202 with an empty body.
 */
async function startFakeMailChannels(options: { apiKey: string; failRate: number; seed: number }) {
  const draw = seeded(options.seed);
  const stats: MailStats = {
    calls: 0,
    failed: 0,
    refused: 0,
    largestCall: 0,
    received: new Map(),
    firstCallAt: null,
    lastAcceptedAt: null,
  };
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/tx/v1/send") return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      stats.calls++;
      stats.firstCallAt ??= performance.now();
      if (request.headers["x-api-key"] !== options.apiKey) {
        stats.refused++;
        return void response.writeHead(401, { "Content-Type": "application/json" }).end('{"errors":["Unauthorized"]}');
      }
      let addresses: string[];
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          personalizations?: Array<{ to?: Array<{ email?: unknown }> }>;
        };
        addresses = (body.personalizations ?? []).map((each) => {
          const email = each.to?.[0]?.email;
          if (each.to?.length !== 1 || typeof email !== "string") throw new Error("one address per personalization");
          return email;
        });
        if (addresses.length === 0) throw new Error("no personalization");
      } catch {
        stats.refused++;
        return void response.writeHead(400, { "Content-Type": "application/json" }).end('{"errors":["Bad Request"]}');
      }
      if (draw() < options.failRate) {
        stats.failed++;
        return void response
          .writeHead(503, { "Content-Type": "application/json" })
          .end('{"errors":["Service Unavailable (the bench fails this call on purpose)"]}');
      }
      for (const address of addresses) stats.received.set(address, (stats.received.get(address) ?? 0) + 1);
      stats.largestCall = Math.max(stats.largestCall, addresses.length);
      stats.lastAcceptedAt = performance.now();
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Port 0: the kernel picks a free one at the moment of binding, so no other server can take it first.
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tx/v1/send`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The bench's subscribers' addresses, in the order they were stored. */
const subscriberEmail = (n: number) => `subscriber-${String(n).padStart(5, "0")}@bench.example`;

/** `wrangler d1 execute` on the local store: the results of the (last) statement. */
function d1(persistTo: string, what: ["--command", string] | ["--file", string]): Array<Record<string, unknown>> {
  const run = spawnSync(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, ...what, "--json", "--yes"],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    },
  );
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  const answers = JSON.parse(run.stdout) as Array<{ results: Array<Record<string, unknown>> }>;
  return answers.at(-1)?.results ?? [];
}

/** `count` confirmed subscribers who want new work of every kind and events, 500 to an INSERT, in one run. */
function addSubscribers(persistTo: string, count: number) {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `('bench-subscriber-${String(i + 1).padStart(5, "0")}', '${subscriberEmail(i + 1)}', 'confirmed', 1, '[]', 1, 'footer', 0)`,
  );
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    statements.push(
      "INSERT INTO subscribers (id, email, status, new_work, categories, events, source, confirmation_due) VALUES\n" +
        rows.slice(start, start + 500).join(",\n") +
        ";",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-announce-sql-"));
  try {
    const file = join(dir, "subscribers.sql");
    writeFileSync(file, statements.join("\n") + "\n");
    d1(persistTo, ["--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [confirmed] = d1(persistTo, ["--command", "SELECT count(*) AS n FROM subscribers WHERE status = 'confirmed'"]);
  if (Number(confirmed?.n) !== count) {
    throw new Error(`The store holds ${String(confirmed?.n)} confirmed subscribers, not ${count}.`);
  }
}

/** The newest published artwork of the demo content: what is announced. */
function publishedArtwork(persistTo: string): string {
  const [row] = d1(persistTo, ["--command", "SELECT id FROM posts WHERE draft = 0 ORDER BY created_at DESC LIMIT 1"]);
  if (typeof row?.id !== "string") throw new Error("The demo content has no published artwork to announce.");
  return row.id;
}

/** V8's profile: what busyMs reads, and when it started (µs of the monotonic clock). */
type Profile = Parameters<typeof busyMs>[0] & { startTime: number; endTime: number };

/** The monotonic clock in µs, the one V8's profiler stamps its profile with on Linux. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Send's share of the profile, when the profile's clock is this process's (it must start after `startAsked`
 * and before `from`, and stop after `until`; else null): the isolate's busy milliseconds in the samples taken
 * between `from` (Send leaving) and `until` (its answer arriving), less those whose stack passes through the
 * Worker's queue handler (`queue` in server.ts: the consumer, started meanwhile). The consumer's work after
 * its first await is not told apart by its stack, so this is still an upper bound, a closer one.
 */
function sendShare(profile: Profile, startAsked: number, from: number, until: number) {
  if (profile.startTime < startAsked || profile.startTime > from || profile.endTime < until) return null;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const consumer = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (functionName === "queue" && url.endsWith("server.js")) return true;
    }
    return false;
  };
  const during: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i]!;
    if (at >= from && at <= until) during.push(sample);
  });
  // Each sample counts for the sampler's period as the whole profile shows it (busyMs reads it from timeDeltas).
  const busy = (samples: number[]) => busyMs({ ...profile, samples });
  const consumerMs = busy(during.filter(consumer));
  return { sendMs: busy(during) - consumerMs, consumerMs };
}

/**
 * Send, once, under the isolate's profiler: its answer, wall time (client side), the MailChannels calls the
 * consumer had made by then (`calls`), and the isolate's busy CPU time until the profiler stopped and, when
 * the clocks allow, until the answer arrived.
 */
async function sendUnderProfiler(
  served: { baseURL: string; inspectorPort: number },
  cookie: string,
  artworkId: string,
  calls: () => number,
) {
  const { baseURL, inspectorPort } = served;
  const id = Array.from({ length: 20 }, () => FORM_ID_CHARACTERS[randomInt(FORM_ID_CHARACTERS.length)]).join("");
  const body = new URLSearchParams({
    id,
    line: "New work from the studio: a bench announcement.",
    artworks: artworkId,
    intent: "send",
  });
  const inspector = await Inspector.connect(inspectorPort);
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: INTERVAL_MICROS });
    const startAsked = monotonicMicros();
    await inspector.send("Profiler.start");
    const sentAt = performance.now();
    const sending = monotonicMicros();
    const response = await fetch(`${baseURL}/announce`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: baseURL, Cookie: cookie },
      body,
    });
    const text = await response.text();
    const wallMs = performance.now() - sentAt;
    const answered = monotonicMicros();
    const callsDuringSend = calls();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    await inspector.send("Profiler.disable");
    return {
      response,
      text,
      sentAt,
      wallMs,
      callsDuringSend,
      cpuMs: busyMs(profile),
      share: sendShare(profile, startAsked, sending, answered),
    };
  } finally {
    inspector.close();
  }
}

/** Whether the process (wrangler, the group's leader) is still there. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const seconds = (from: number, to: number | null) => (to === null ? null : round((to - from) / 1000));

/** The whole measurement, on a store and servers of its own, all stopped and removed after. */
export async function measureAnnouncement(
  options: { seed?: number; log?: (line: string) => void } = {},
): Promise<AnnounceMeasure> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seed = options.seed ?? randomInt(2 ** 31);
  const subscribers = ANNOUNCE_BUDGET.subscribers;
  ensureBuild();
  log(`Announcement bench: the fake MailChannels fails ${ANNOUNCE_BUDGET.failRate * 100}% of calls, seed ${seed}.`);
  const mail = await startFakeMailChannels({ apiKey: MAIL_KEY, failRate: ANNOUNCE_BUDGET.failRate, seed });
  let served: Awaited<ReturnType<typeof serveSeededBuild>> | undefined;
  // Once, whoever asks first (the end of the measure, or a signal): both wait for the same stop.
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await served?.stop();
      await mail.close();
    })());
  // Ctrl-C (or a kill) still stops wrangler's process group, which is detached from ours, and the fake. The
  // handlers stay until the end: a second signal (npm and tsx relay one too) must not end the process mid-stop.
  const onSignal = (signal: NodeJS.Signals) => {
    void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    let artworkId = "";
    log(`Preparing a store: migrations, the demo content, ${formatNumber(subscribers)} confirmed subscribers…`);
    served = await serveSeededBuild({
      name: "announce",
      vars: {
        MAILCHANNELS_URL: mail.url,
        MAILCHANNELS_API_KEY: MAIL_KEY,
        ANNOUNCE_RETRY_SECONDS: String(RETRY_SECONDS),
      },
      prepare: async (persistTo) => {
        addSubscribers(persistTo, subscribers);
        artworkId = publishedArtwork(persistTo);
      },
    });
    const { baseURL } = served;
    log(`Serving the production build at ${baseURL}; announcing ${artworkId}.`);

    const cookie = await signInLocally(baseURL);
    // Warm-up: the route's code compiled, as on any screen the artist opens before pressing Send.
    const screen = await fetch(`${baseURL}/announce`, { headers: { Cookie: cookie } });
    const screenText = await screen.text();
    if (screen.status !== 200) throw new Error(`GET /announce answered ${screen.status}:\n${screenText.slice(0, 500)}`);
    if (!screenText.includes(`${formatNumber(subscribers)} confirmed subscribers`)) {
      log(`Note: the Announce screen does not say "${formatNumber(subscribers)} confirmed subscribers".`);
    }

    const sent = await sendUnderProfiler(served, cookie, artworkId, () => mail.stats.calls);
    const { callsDuringSend, share } = sent;
    const cpuMs = round(share ? share.sendMs : sent.cpuMs, 2);
    const location = sent.response.headers.get("Location");
    const queuedText = location ? new URL(location, baseURL).searchParams.get("queued") : null;
    const queued = queuedText !== null && /^\d+$/.test(queuedText) ? Number(queuedText) : null;
    log(
      `Send answered ${sent.response.status}${location ? ` → ${location}` : ""} in ${round(sent.wallMs)} ms, ` +
        `${cpuMs} ms CPU in the isolate${share ? ` (and ${round(share.consumerMs, 2)} ms the queue consumer's meanwhile)` : ""}, ` +
        `${round(sent.cpuMs, 2)} ms from the profiler's start to its stop; ${callsDuringSend} MailChannels calls by then.`,
    );
    if (sent.response.status !== 302 || queued === null) {
      throw new Error(
        `Send answered ${sent.response.status}, not a redirect to ?queued=N:\n${sent.text.slice(0, 500)}`,
      );
    }

    const delivered = () => {
      let n = 0;
      for (let i = 1; i <= subscribers; i++) if (mail.stats.received.has(subscriberEmail(i))) n++;
      return n;
    };
    let outcome: AnnounceMeasure["delivery"]["outcome"] = "timed out";
    let lastCalls = mail.stats.calls;
    let movedAt = performance.now();
    let printedAt = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = performance.now();
      if (mail.stats.calls !== lastCalls) {
        lastCalls = mail.stats.calls;
        movedAt = now;
      }
      const arrived = delivered();
      if (now - printedAt >= 5000) {
        printedAt = now;
        log(
          `  ${round((now - sent.sentAt) / 1000)} s: ${formatNumber(arrived)} of ${formatNumber(subscribers)} delivered; ` +
            `${mail.stats.calls} calls, ${mail.stats.failed} failed by the fake`,
        );
      }
      if (!isRunning(served.pid)) {
        outcome = "server stopped";
        break;
      }
      if (arrived >= subscribers && now - movedAt >= SETTLE_MS) {
        outcome = "all arrived";
        break;
      }
      if (arrived < subscribers && now - movedAt >= STALLED_MS) {
        outcome = "stalled";
        break;
      }
      if (now - sent.sentAt >= TIMEOUT_MS) break;
    }

    const arrived = delivered();
    const { stats } = mail;
    let duplicated = 0;
    let extraEmails = 0;
    let strangers = 0;
    const ours = new Set(Array.from({ length: subscribers }, (_, i) => subscriberEmail(i + 1)));
    for (const [address, times] of stats.received) {
      if (!ours.has(address)) strangers++;
      if (times > 1) {
        duplicated++;
        extraEmails += times - 1;
      }
    }
    const workerErrors = served
      .log()
      .split("\n")
      .filter((line) => /\[mailing list\]|Dropped message|Uncaught/.test(line))
      .slice(0, 10);

    // The rows, read once wrangler has let go of the store.
    await served.stopServer();
    let recipients: AnnounceMeasure["recipients"] = null;
    try {
      const rows = d1(served.persistTo, [
        "--command",
        "SELECT status, attempts, count(*) AS n FROM announcement_recipients GROUP BY status, attempts",
      ]);
      const byStatus: Record<string, number> = {};
      const byAttempts: Record<string, number> = {};
      for (const row of rows) {
        byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + Number(row.n);
        byAttempts[String(row.attempts)] = (byAttempts[String(row.attempts)] ?? 0) + Number(row.n);
      }
      recipients = { byStatus, byAttempts };
    } catch (error) {
      log(`The recipients' rows could not be read: ${String(error).split("\n")[0]}`);
    }

    return {
      subscribers,
      seed,
      failRate: ANNOUNCE_BUDGET.failRate,
      retrySeconds: RETRY_SECONDS,
      artworkId,
      send: {
        status: sent.response.status,
        location,
        queued,
        wallMs: round(sent.wallMs),
        cpuMs,
        cpuWindow: share ? "answer" : "profile",
        profileCpuMs: round(sent.cpuMs, 2),
        consumerCpuMs: share ? round(share.consumerMs, 2) : null,
        callsDuringSend,
      },
      delivery: {
        distinct: arrived,
        duplicated,
        extraEmails,
        lost: subscribers - arrived,
        strangers,
        calls: stats.calls,
        failed: stats.failed,
        refused: stats.refused,
        largestCall: stats.largestCall,
        firstCallSeconds: seconds(sent.sentAt, stats.firstCallAt),
        lastDeliverySeconds: seconds(sent.sentAt, stats.lastAcceptedAt),
        outcome,
      },
      recipients,
      workerErrors,
    };
  } finally {
    await stopAll();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

const percent = (part: number, whole: number) => `${whole ? round((part / whole) * 100) : 0}%`;
const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ${formatNumber(n)}`)
    .join(", ");

/** The budgets: Send's wall time and CPU; every subscriber e-mailed exactly once; every row recorded sent. */
export function announceChecks(row: AnnounceMeasure): Array<{ budget: string; measured: string; ok: boolean }> {
  const { send, delivery } = row;
  const who = `An announcement to ${formatNumber(row.subscribers)} confirmed subscribers`;
  const sent = row.recipients?.byStatus.sent ?? 0;
  return [
    {
      budget: `${who}: Send answers in < ${ANNOUNCE_BUDGET.sendWallMs} ms`,
      measured: `${send.wallMs} ms (${send.status} → ${send.location})`,
      ok: send.wallMs < ANNOUNCE_BUDGET.sendWallMs && send.status === 302 && send.queued === row.subscribers,
    },
    {
      budget: `${who}: Send < ${ANNOUNCE_BUDGET.sendCpuMs} ms CPU in the isolate (an upper bound: the queue consumer shares it)`,
      measured:
        send.cpuWindow === "answer"
          ? `${send.cpuMs} ms while it ran, the consumer's ${send.consumerCpuMs} ms left out ` +
            `(${send.profileCpuMs} ms from the profiler's start to its stop)`
          : `${send.cpuMs} ms from the profiler's start to its stop (Send's own share could not be told)`,
      ok: send.cpuMs < ANNOUNCE_BUDGET.sendCpuMs,
    },
    {
      budget: `${who}: all delivered, 0 lost, 0 duplicated, with ${ANNOUNCE_BUDGET.failRate * 100}% of MailChannels calls failing`,
      measured:
        `${formatNumber(delivery.distinct)} delivered, ${formatNumber(delivery.lost)} lost, ${formatNumber(delivery.duplicated)} duplicated` +
        `${delivery.strangers ? `, ${delivery.strangers} unknown addresses` : ""}; ` +
        `${delivery.failed} of ${delivery.calls} calls failed (${percent(delivery.failed, delivery.calls)}) ` +
        `in ${delivery.lastDeliverySeconds ?? "–"} s (${delivery.outcome})`,
      ok:
        delivery.distinct === row.subscribers &&
        delivery.lost === 0 &&
        delivery.duplicated === 0 &&
        delivery.strangers === 0 &&
        delivery.refused === 0 &&
        // The failures are the point: a run the fake failed nothing in has not tried the retries.
        delivery.failed > 0,
    },
    {
      budget: `${who}: every recipient's row in D1 is recorded sent`,
      measured: row.recipients ? listed(row.recipients.byStatus) || "no rows" : "not read",
      ok: sent === row.subscribers && Object.keys(row.recipients?.byStatus ?? {}).length === 1,
    },
  ];
}

/** The Markdown table docs/performance.md records. */
export function announceTable(row: AnnounceMeasure): string {
  const { send, delivery } = row;
  const attempts = row.recipients
    ? Object.entries(row.recipients.byAttempts)
        .map(([tries, n]) => `${formatNumber(n)} at attempt ${tries}`)
        .join(", ")
    : "";
  return [
    "| subscribers | Send: wall | Send: isolate CPU, upper bound† (profiler start to stop) | delivered | lost | duplicated | MailChannels calls (failed by the fake) | largest call | Send → first call, last delivery | D1 rows (attempts) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${formatNumber(row.subscribers)} | ${send.wallMs} ms | ${send.cpuMs} ms (${send.profileCpuMs} ms) | ` +
      `${formatNumber(delivery.distinct)} | ${formatNumber(delivery.lost)} | ` +
      `${formatNumber(delivery.duplicated)}${delivery.extraEmails ? ` (${delivery.extraEmails} extra e-mails)` : ""} | ` +
      `${delivery.calls} (${delivery.failed}, ${percent(delivery.failed, delivery.calls)}) | ${delivery.largestCall} recipients | ` +
      `${delivery.firstCallSeconds ?? "–"} s, ${delivery.lastDeliverySeconds ?? "–"} s | ` +
      `${row.recipients ? `${listed(row.recipients.byStatus)} (${attempts})` : "not read"} |`,
    "",
    `† The queue consumer runs in the same isolate and may start while Send is still running ` +
      `(${send.callsDuringSend} MailChannels calls were made before Send's answer arrived), so Send's CPU is an upper ` +
      `bound: ` +
      (send.cpuWindow === "answer"
        ? `the busy samples taken between Send leaving and its answer arriving, less the ${send.consumerCpuMs} ms ` +
          `whose stack passes through the queue handler (the consumer's later work is not told apart). In brackets, ` +
          `everything from the profiler's start to its stop, as scripts/lib/cpu-profile.ts counts it (the consumer's ` +
          `first batch included). `
        : `everything from the profiler's start to its stop (the profile's clock could not be matched). `) +
      `The wall time was taken with the profiler running. Fake MailChannels seed ${row.seed}, ` +
      `ANNOUNCE_RETRY_SECONDS=${row.retrySeconds}; announced artwork ${row.artworkId}; deliveries: ${delivery.outcome}.`,
  ].join("\n");
}
