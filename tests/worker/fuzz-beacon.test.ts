// Generated bad input against the analytics beacon (POST /api/event): never a 5xx, a 4xx names the
// problem in its JSON, a refused beacon writes nothing, a counted one writes one row and no IP.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NAMED_EVENTS } from "~/analytics/record.server";
import { expectAnswer, snapshot } from "./fuzz/answers";
import { fuzz, FUZZ_TIMEOUT_MS } from "./fuzz/run";
import { HUGE_NUMBERS, nastyString, TRAVERSALS } from "./fuzz/values";
import { fetchApp, ORIGIN } from "./helpers";
import { freshClientIp } from "../support/addresses";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Any JSON value at all, for fields of the wrong type. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e-308, [], {}, [1, "2"], { nested: { deeper: "<script>" } }),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

const pathValue = fc.oneof(
  fc.constantFrom("/", "/gallery?category=oil", "/post/abc#top", "/post/%E0%A4%A", "/post/..%2F..%2Fadmin"),
  fc.constantFrom(...TRAVERSALS).map((t) => `/${t}`),
  fc.string({ unit: "grapheme", maxLength: 30 }).map((s) => `/${s.replace(/\s/g, "")}`),
  fc.constant(`/${"a".repeat(600)}`),
);

/** A beacon as the browser sends it, with values that are odd but may be valid. */
const plausibleBeacon = fc
  .record(
    {
      type: fc.constantFrom("pageview", "event"),
      path: pathValue,
      referrer: fc.constantFrom(
        "https://l.instagram.com/",
        "https://www.google.co.uk/",
        "not a url",
        "javascript:alert(1)",
        "",
      ),
      utm_source: fc.constantFrom("ig", "newsletter", "<script>alert(1)</script>"),
      utm_medium: fc.constantFrom("social", "email"),
      utm_campaign: fc.string({ maxLength: 120 }),
      screenWidth: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 4000 }) },
        fc.integer({ min: -10, max: 200_000 }),
        fc.constantFrom(...HUGE_NUMBERS.map(Number)),
        fc.double(),
      ),
      visitId: fc.oneof({ weight: 3, arbitrary: fc.constant("visit-0001") }, fc.stringMatching(/^[A-Za-z0-9-]{6,70}$/)),
      artworkId: fc.oneof(fc.constantFrom("abc", "../../etc/passwd", "%2e%2e%2f"), fc.string({ maxLength: 120 })),
      name: fc.constantFrom(...NAMED_EVENTS),
    },
    { requiredKeys: ["type", "path", "visitId"] },
  )
  .map(({ name, ...rest }) => (rest.type === "event" ? { ...rest, name } : rest));

const KEYS = [
  "type",
  "name",
  "path",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "screenWidth",
  "visitId",
  "artworkId",
];

/** The beacon with up to three fields replaced by nasty text, a value of the wrong type, or removed. */
const beacon = fc
  .tuple(
    plausibleBeacon,
    fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(nastyString, wrongType, fc.constant(undefined))), {
      maxLength: 3,
    }),
  )
  .map(([value, changes]) => {
    const changed: Record<string, unknown> = { ...value };
    for (const [key, replacement] of changes) changed[key] = replacement;
    return changed;
  });

/** The body: JSON of the beacon (sometimes not an object at all), or something that is not JSON. */
const body = fc.oneof(
  { weight: 8, arbitrary: beacon.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: wrongType.map((value) => JSON.stringify(value) ?? "") },
  {
    weight: 1,
    arbitrary: fc.oneof(
      nastyString,
      fc.constantFrom(
        "",
        "{",
        '{"type":"pageview"',
        '{"__proto__":{"path":"/"},"type":"pageview","visitId":"visit-0001"}',
        '{"type":"pageview","path":"/","visitId":"visit-0001","constructor":{"prototype":{"x":1}}}',
        "[".repeat(5000),
        `{"path":"/${"x".repeat(9000)}"}`,
      ),
      fc.integer({ min: 1, max: 4000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    ),
  },
);

const request = fc.record({
  body,
  contentType: fc.constantFrom("application/json", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", ""),
  bot: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 5, arbitrary: fc.constant(false) }),
});

async function pageViewCount(): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from page_views").first<{ n: number }>())!.n;
}

describe("the analytics beacon under generated input", () => {
  it(
    "POST /api/event",
    async () => {
      await fuzz(
        "beacon",
        request,
        async ({ body, contentType, bot }) => {
          const label = `beacon ${JSON.stringify(body.slice(0, 200))}`;
          const ip = freshClientIp();
          const before = await snapshot();
          const rows = await pageViewCount();
          const headers: Record<string, string> = {
            Origin: ORIGIN,
            "CF-Connecting-IP": ip,
            "User-Agent": bot ? GOOGLEBOT : IPHONE,
          };
          if (contentType) headers["Content-Type"] = contentType;
          const response = await fetchApp("/api/event", { method: "POST", headers, body });
          await expectAnswer(response, "json", label);
          if (response.status >= 400) {
            expect(await snapshot(), label).toBe(before);
            return String(response.status);
          }
          expect(response.status, label).toBe(204);
          if (bot) {
            expect(await snapshot(), label).toBe(before);
            return "bot, uncounted";
          }
          expect(await pageViewCount(), label).toBe(rows + 1);
          const row = await env.DB.prepare("select * from page_views order by id desc limit 1").first<
            Record<string, unknown>
          >();
          const sent = JSON.parse(body) as { path: string };
          expect(row!.path, label).toBe(sent.path.split(/[?#]/)[0]);
          expect(JSON.stringify(row), label).not.toContain(ip);
          return "counted";
        },
        {
          accepts: {
            outcome: /^counted$/,
            valid: [
              {
                body: JSON.stringify({ type: "pageview", path: "/gallery", visitId: "visit-0001", screenWidth: 390 }),
                contentType: "application/json",
                bot: false,
              },
            ],
          },
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
