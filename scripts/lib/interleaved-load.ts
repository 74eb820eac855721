// Load that measures a page against a static reference fairly: every connection alternates the two
// (reference, page, reference, page…), so both meet the machine in the same state at the same moment,
// and the run is repeated in rounds whose medians are reported. A reference measured once, before or
// after, drifts with whatever else the machine does (one bench found it slower than cached pages).
import autocannon from "autocannon";

export type LoadOptions = {
  connections: number;
  /** Seconds of each round. */
  duration: number;
  rounds: number;
  /** Headers of the page's requests only (e.g. `Cache-Control: no-cache` to have it rendered). */
  headers?: Record<string, string>;
};

export type Measured = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  staticP50Ms: number;
  p50RatioToStatic: number;
  /** Of the page's answers, the share the public cache served (Cf-Cache-Status: HIT). */
  hitRatio: number;
  errors: number;
  rounds: Array<{ p50Ms: number; staticP50Ms: number }>;
};

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: number[]) => percentile(values, 50);
const round1 = (value: number) => Math.round(value * 10) / 10;

async function oneRound(baseURL: string, path: string, reference: string, options: LoadOptions) {
  const page: number[] = [];
  const staticTimes: number[] = [];
  let pageAnswers = 0;
  let hits = 0;
  const setupClient = (client: autocannon.Client) => {
    // One request at a time per connection, in the order of `requests`: odd answers are the page's.
    let responses = 0;
    let headerSets = 0;
    client.on("headers", (info) => {
      if (headerSets++ % 2 === 0) return;
      // At run time this is the HTTP parser's record: the headers as a flat [name, value, ...] list.
      const raw = (info as unknown as { headers: string[] }).headers;
      pageAnswers++;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.toLowerCase() === "cf-cache-status" && raw[i + 1] === "HIT") hits++;
      }
    });
    client.on("response", (_status, _bytes, responseTime) => {
      (responses++ % 2 === 0 ? staticTimes : page).push(responseTime);
    });
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: baseURL,
        connections: options.connections,
        duration: options.duration,
        requests: [{ path: reference }, { path, headers: options.headers ?? {} }],
        setupClient,
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    ),
  );
  return {
    page,
    staticTimes,
    hitRatio: pageAnswers ? hits / pageAnswers : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** `path` measured in `options.rounds` rounds against `reference` on the same connections: medians. */
export async function measureAgainstStatic(
  baseURL: string,
  path: string,
  reference: string,
  options: LoadOptions,
): Promise<Measured> {
  const rounds = [];
  for (let i = 0; i < options.rounds; i++) rounds.push(await oneRound(baseURL, path, reference, options));
  const p50s = rounds.map((r) => percentile(r.page, 50));
  const staticP50s = rounds.map((r) => percentile(r.staticTimes, 50));
  const pageCount = rounds.reduce((sum, r) => sum + r.page.length, 0);
  return {
    requestsPerSecond: Math.round(pageCount / (options.duration * options.rounds)),
    p50Ms: round1(median(p50s)),
    p99Ms: round1(median(rounds.map((r) => percentile(r.page, 99)))),
    staticP50Ms: round1(median(staticP50s)),
    p50RatioToStatic: Math.round(median(p50s.map((p50, i) => p50 / Math.max(staticP50s[i]!, 0.1))) * 100) / 100,
    hitRatio: Math.round(median(rounds.map((r) => r.hitRatio)) * 10000) / 10000,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rounds: rounds.map((r, i) => ({ p50Ms: round1(p50s[i]!), staticP50Ms: round1(staticP50s[i]!) })),
  };
}
