// Shared pieces of the property tests (tests/worker/fuzz-*.test.ts): generated bad input, how it is
// sent, and the properties every answer must have. FUZZ_RUNS and FUZZ_SEED come from vitest.config.ts.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { isValidImageKey } from "~/images/storage.server";
import { IMAGE_MAX_BYTES } from "~/forms/limits";
import { HONEYPOT_FIELD } from "~/forms/spam";
import { fetchApp, ORIGIN, TINY_JPEG, webpOfWidth } from "./helpers";
import { snapshotStorage } from "./storage-snapshot";
import { freshClientIp } from "../support/addresses";

export const FUZZ_RUNS = Math.max(1, Number.parseInt(env.FUZZ_RUNS, 10) || 50);
export const FUZZ_SEED = Number.parseInt(env.FUZZ_SEED, 10) || 20261121;
/** Per `it`: generous, since 1,000 whole requests through the Worker take a while. */
export const FUZZ_TIMEOUT_MS = 60_000 + FUZZ_RUNS * 400;

// ---------------------------------------------------------------------------------------------------------
// Generated values

export const HTML_PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)></iframe>",
  "</textarea><script>alert(2)</script>",
  "</title><script>alert(3)</script>",
  '<a href="javascript:alert(4)">click</a>',
] as const;

const MARKUP_ODDITIES = [
  "<!--",
  "-->",
  "]]>",
  "&lt;b&gt;",
  "&amp;",
  "&#x3C;script&#x3E;",
  "{{7*7}}",
  "${7*7}",
  "' OR 1=1 --",
];

export const TRAVERSALS = [
  "../",
  "../../etc/passwd",
  "%2e%2e/",
  "%2e%2e%2f",
  "..%2f..%2fdashboard",
  "..%5c..%5c",
  "%252e%252e%252f",
  "....//",
  "..\\..\\windows",
  "/etc/passwd",
  "%2F",
  "%00",
  ".",
  "..",
] as const;

const UNICODE = [
  "\u202E", // right-to-left override
  "\u200F", // right-to-left mark
  "\u200B", // zero-width space
  "\uFEFF",
  "🎨",
  "👩🏽‍🎨",
  "\u0000",
  "\uD800", // lone surrogates: sent as U+FFFD once encoded, as a browser would
  "\uDFFF",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "مرحبا",
  "\r\n",
  "\t",
  "\u0085",
] as const;

export const HUGE_NUMBERS = [
  "1e309",
  "-1",
  "-0",
  "NaN",
  "Infinity",
  "9007199254740993",
  "99999999999999999999999999999999",
  "0x7fffffff",
  "1.5",
  "2147483648",
  "-9223372036854775809",
] as const;

export const INVALID_DATES = [
  "2027-02-30",
  "2027-13-01",
  "0000-00-00",
  "2027-1-1",
  "27-01-01",
  "+275760-09-13",
  "2027-01-01T25:00",
  "yesterday",
  "2027/01/01",
  "9999-99-99",
  "2027-00-10",
] as const;

/** One odd thing from the lists above. */
const oddity = fc.constantFrom(
  ...HTML_PAYLOADS,
  ...MARKUP_ODDITIES,
  ...TRAVERSALS,
  ...UNICODE,
  ...HUGE_NUMBERS,
  ...INVALID_DATES,
);

/** Random text of every kind, including strings far over any limit (up to ~70k characters, past the 64 KiB field cap). */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: oddity },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.oneof(oddity, fc.string({ maxLength: 6 })), { maxLength: 8 }).map((p) => p.join("")),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(oddity, fc.string({ minLength: 1, maxLength: 3 })), fc.integer({ min: 50, max: 70_000 }))
      .map(([unit, length]) => unit.repeat(Math.ceil(length / Math.max(1, unit.length))).slice(0, length)),
  },
);

/** Ordinary words around a payload: text a form would accept, carrying something that must never render raw. */
export const payloadText = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("Ada", "Lovely work", "Hello", "Grace Hopper", "A question", ""),
      fc.oneof(fc.constantFrom(...HTML_PAYLOADS), oddity, fc.string({ unit: "grapheme", maxLength: 12 })),
      fc.constantFrom("", "thanks", "🎨", "\u202Eevil", "line one\r\nline two"),
    )
    .map((parts) => parts.join(" ").slice(0, maxLength));

/** A field's value: mostly plausible (so some cases are accepted and stored), otherwise anything. */
export const fieldValue = (plausible: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: nastyString });

export const emailValue: fc.Arbitrary<string> = fieldValue(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("ada@example.com", "o'brien+art@example.co.uk", " spaced@example.com ", "x@y"),
    },
    { weight: 1, arbitrary: fc.emailAddress({ size: "small" }) },
  ),
);

export type Field = string | { blob: Uint8Array<ArrayBuffer>; type: string; filename: string };
export type Fields = Array<[name: string, value: Field]>;

/**
 * A form with the given fields, each of them sometimes missing or repeated, plus the odd unknown field.
 * `fields` maps a name to the arbitrary of its value.
 */
export function formFields(
  fields: Record<string, fc.Arbitrary<string>>,
  { honeypot = false } = {},
): fc.Arbitrary<Fields> {
  const perField = Object.entries(fields).map(([name, value]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: value.map((v) => [v]) },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }) },
      )
      .map((values) => values.map((v): [string, Field] => [name, v])),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...(honeypot ? [HONEYPOT_FIELD] : []), "__proto__", "constructor", "_data", "id"),
        nastyString,
      ),
      nastyString,
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...perField), fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extra }))
    .chain(([known, unknown]) => {
      const entries: Fields = [...known.flat(), ...unknown];
      // Now and then in another order than the form's.
      return fc.oneof(
        { weight: 9, arbitrary: fc.constant(entries) },
        { weight: 1, arbitrary: fc.shuffledSubarray(entries, { minLength: entries.length }) },
      );
    });
}

/**
 * The id in a path like /edit/:id: mostly `existing`, otherwise one that does not exist, traversal
 * (raw, percent-encoded, double-encoded, with encoded slashes) or anything at all, encoded.
 */
export const idSegment = (existing: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(existing) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...TRAVERSALS,
        "no-such-id",
        `..%2F${existing}`,
        `${existing}%2F..`,
        `${existing}%2F..%2F..%2Fdashboard`,
        `%2e%2e%2f${existing}`,
        `${existing}%00`,
        `${existing}%252F`,
        encodeURIComponent(`${existing} `),
        "%E0%A4%A",
        "%",
        "x".repeat(5000),
      ),
    },
    { weight: 1, arbitrary: nastyString.map((id) => encodeURIComponent(wellFormed(id))) },
  );

/** The id the route sees for `path` under `prefix` (e.g. "/edit/"), or null when the path leads elsewhere. */
export function routeParam(path: string, prefix: string): string | null {
  const pathname = new URL(path, "http://localhost").pathname;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  if (rest === "" || rest.includes("/")) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** Bytes that print short in a counterexample. */
function labelled(bytes: Uint8Array<ArrayBuffer>, label: string): Uint8Array<ArrayBuffer> {
  return Object.assign(bytes, { [fc.toStringMethod]: () => label });
}

let oversized: Uint8Array<ArrayBuffer> | undefined;
/** One byte over the upload cap, starting like a JPEG so only its size is wrong; made once. */
function oversizedJpeg(): Uint8Array<ArrayBuffer> {
  if (!oversized) {
    oversized = new Uint8Array(IMAGE_MAX_BYTES + 1);
    oversized.set(TINY_JPEG);
    labelled(oversized, "<JPEG of 15 MB + 1 byte>");
  }
  return oversized;
}

/** The bytes of an uploaded file: a real image, nothing, noise, markup, or too much. */
const fileBytes: fc.Arbitrary<Uint8Array<ArrayBuffer>> = fc.oneof(
  { weight: 25, arbitrary: fc.constant(TINY_JPEG) },
  {
    weight: 5,
    arbitrary: fc.integer({ min: 1, max: 4000 }).map((width) => labelled(webpOfWidth(width), `<WebP ${width}px>`)),
  },
  { weight: 5, arbitrary: fc.constant(labelled(new Uint8Array(0), "<empty>")) },
  { weight: 5, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b)) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom(
        "<script>alert(1)</script>",
        "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
        "GIF89a<script>alert(1)</script>",
        "\x89PNG",
      )
      .map((text) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>),
  },
  { weight: 5, arbitrary: fc.constant(TINY_JPEG.slice(0, 4)) },
  // Rare: each one is 15 MB through the Worker.
  { weight: 1, arbitrary: fc.constant(null).map(() => oversizedJpeg()) },
);

export const FILE_NAMES = [
  "sunset.jpg",
  "../../etc/passwd.jpg",
  "..\\..\\boot.ini.png",
  "%2e%2e%2fx.jpg",
  "..%2F..%2Fx.jpg",
  "posts/../../x.jpg",
  "/absolute/path.jpg",
  ".hidden.jpg",
  "..",
  "",
  " ",
  "image.jpg.html",
  "<img src=x onerror=alert(1)>.jpg",
  "🎨.webp",
  "\u202Egpj.exe",
  "CON.jpg",
] as const;

/** A file part of a multipart form under one of `names`, with odd bytes, types and names. */
export const filePart = (names: string[]): fc.Arbitrary<[string, Field]> =>
  fc.tuple(
    fc.constantFrom(...names),
    fc.record({
      blob: fileBytes,
      type: fc.constantFrom("image/jpeg", "image/png", "image/webp", "text/html", "application/octet-stream", ""),
      filename: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...FILE_NAMES) },
        { weight: 1, arbitrary: nastyString.map((name) => name.slice(0, 300)) },
      ),
    }),
  );

// ---------------------------------------------------------------------------------------------------------
// Bodies

export type Encoded = {
  body: BodyInit | null;
  contentType?: string;
  label: string;
  /** The fields as the server reads them, when the body is a well-formed form. */
  sent?: Fields;
};

/** Lone surrogates replaced, as a browser does before encoding a form. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function readable(fields: Fields): Fields {
  return fields.map(([name, value]) => [wellFormed(name), typeof value === "string" ? wellFormed(value) : value]);
}

/** The first text value of a field, as FormData.get reads it (a file reads as no text). */
export function firstText(fields: Fields | undefined, name: string): string | undefined {
  const value = fields?.find(([field]) => field === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

/** The last value of a field, as Object.fromEntries(formData) reads it (the dashboard's action does). */
export function lastText(fields: Fields | undefined, name: string): string | undefined {
  const value = fields?.findLast(([field]) => field === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

function urlencoded(fields: Fields): Encoded {
  const texts: Fields = fields.map(([name, value]) => [name, typeof value === "string" ? value : "[file]"]);
  const params = new URLSearchParams();
  for (const [name, value] of texts) params.append(name, value as string);
  return { body: params, label: "urlencoded", sent: readable(texts) };
}

const BOUNDARY = "----FuzzBoundary7MA4YWxkTrZu0gW";

/** How a browser quotes a name or file name in Content-Disposition (HTML's multipart/form-data encoding). */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22")}"`;
}

/**
 * Written out by hand rather than with FormData, whose encoder refuses some file names (one ending in a
 * backslash) that a client can still send.
 */
export function multipart(fields: Fields): Encoded {
  const encoder = new TextEncoder();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (const [name, value] of fields) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name=${quoted(name)}`;
    if (typeof value === "string") {
      chunks.push(encoder.encode(`${head}\r\n\r\n${value.replace(/\r\n|\r|\n/g, "\r\n")}\r\n`));
      continue;
    }
    head += `; filename=${quoted(value.filename)}\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`;
    chunks.push(encoder.encode(head), value.blob, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  return {
    body: new Blob(chunks),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    label: "multipart",
    sent: readable(fields),
  };
}

/**
 * How the form travels: mostly as a browser sends it, sometimes as JSON, empty, a broken multipart
 * body or text fields sent as files (the wrong type).
 */
export const encodedForm = (fields: fc.Arbitrary<Fields>, { files = false } = {}): fc.Arbitrary<Encoded> =>
  fc.oneof(
    { weight: files ? 1 : 6, arbitrary: fields.map(urlencoded) },
    { weight: files ? 6 : 2, arbitrary: fields.map(multipart) },
    {
      weight: 1,
      arbitrary: fields.map((f) =>
        multipart(
          f.map(([name, value]): [string, Field] => [
            name,
            typeof value === "string"
              ? { blob: new TextEncoder().encode(value), type: "text/plain", filename: `${name}.txt` }
              : value,
          ]),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"))
        .map(([f, contentType]): Encoded => ({
          body: JSON.stringify(Object.fromEntries(f)),
          contentType,
          label: `json as ${contentType}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Encoded>(
        { body: null, label: "no body" },
        { body: "", contentType: "application/x-www-form-urlencoded", label: "empty urlencoded" },
        { body: "", contentType: "multipart/form-data; boundary=x", label: "empty multipart" },
        {
          body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\ntrunc',
          contentType: "multipart/form-data; boundary=x",
          label: "truncated multipart",
        },
        { body: "not a form at all", contentType: "multipart/form-data", label: "multipart without boundary" },
        { body: "%%%&&&===%E0%A4%A", contentType: "application/x-www-form-urlencoded", label: "bad percent-encoding" },
      ),
    },
  );

/** A POST as a browser of this site sends it: same Origin, its own client IP, redirects not followed. */
export function send(path: string, encoded: Encoded, headers: Record<string, string> = {}): Promise<Response> {
  const allHeaders: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp(), ...headers };
  if (encoded.contentType) allHeaders["Content-Type"] = encoded.contentType;
  return fetchApp(path, { method: "POST", redirect: "manual", headers: allHeaders, body: encoded.body });
}

// ---------------------------------------------------------------------------------------------------------
// Properties

export type AnswerFormat = "html" | "data" | "json";

function textOf(markup: string): string {
  return markup
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .trim();
}

/** The messages a rendered page shows to explain a refusal: form and field errors, or the error/404 page. */
export function shownMessages(html: string): string[] {
  const found: string[] = [];
  const patterns = [
    /<p[^>]*class="[^"]*\b(?:form-error|field__error)\b[^"]*"[^>]*>([\s\S]*?)<\/p>/g,
    /<h1 id="(?:not-found-title|error-title|post-missing-title)"[^>]*>([\s\S]*?)<\/h1>/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.push(textOf(match[1]!));
  return found.filter((text) => /[A-Za-z]{3}/.test(text));
}

/** `formError` and field errors from a single-fetch (.data) answer, as a fetcher reads them. */
export function dataMessages(body: string): string[] {
  let flat: unknown[];
  try {
    flat = JSON.parse(body.split("\n")[0]!) as unknown[];
  } catch {
    return [];
  }
  // turbo-stream: a flat array of values; objects map "_<key index>" to "<value index>".
  const found: string[] = [];
  for (const key of ["formError", "error"]) {
    const keyIndex = flat.indexOf(key);
    if (keyIndex < 0) continue;
    for (const item of flat) {
      if (item && typeof item === "object" && !Array.isArray(item)) {
        const valueIndex = (item as Record<string, unknown>)[`_${keyIndex}`];
        const value = typeof valueIndex === "number" ? flat[valueIndex] : undefined;
        if (typeof value === "string") found.push(value);
      }
    }
  }
  return found.filter((text) => /[A-Za-z]{3}/.test(text));
}

/**
 * The properties of every answer: never 5xx, and a 4xx explains itself in words the visitor reads.
 * Returns the body text for further checks.
 */
export async function expectAnswer(response: Response, format: AnswerFormat, label: string): Promise<string> {
  const body = await response.text();
  expect(response.status, `${label}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.status, label).toBeGreaterThanOrEqual(200);
  if (response.status >= 400) {
    const messages =
      format === "html"
        ? shownMessages(body)
        : format === "data"
          ? dataMessages(body)
          : [(JSON.parse(body) as { error?: string }).error ?? ""];
    expect(messages.join(" ").trim(), `${label}: a ${response.status} without a message`).not.toBe("");
  }
  return body;
}

/** Every R2 key is one the image route would serve: nothing escaped the posts/ prefix. */
export async function expectStorageKeysSafe(label: string) {
  const listing = await env.IMAGES.list({ limit: 1000 });
  for (const { key } of listing.objects) {
    expect(isValidImageKey(key) && key.startsWith("posts/"), `${label}: R2 key ${key}`).toBe(true);
  }
}

/** What is stored, for comparing before and after a case (a message's delivery may land during a later case). */
export const snapshot = () => snapshotStorage({ ignoreDelivery: true });

/** React's escaping of text and attribute values. */
export function escapedHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** A stored value on a page: present, escaped, and none of the payloads it carries present raw. */
export function expectShownEscaped(html: string, stored: string, where: string) {
  for (const payload of HTML_PAYLOADS) {
    if (stored.includes(payload)) expect(html, `${where}: raw ${payload}`).not.toContain(payload);
  }
  expect(html, `${where}: ${JSON.stringify(stored.slice(0, 80))} escaped`).toContain(escapedHtml(stored));
}

/** What a form stores for what was typed: CRLF as LF, trimmed (as ~/forms/parse.server and the schemas do). */
export function storedForm(typed: string): string {
  return wellFormed(typed).replace(/\r\n?/g, "\n").trim();
}

/**
 * Runs the property `FUZZ_RUNS` times and reports the count, the outcomes (what `check` returns, e.g.
 * "stored" or "400") and the time, for the record the issue asks for.
 */
export async function fuzz<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<string>,
  /** Inputs that once broke a property: always tried first, whatever the seed. */
  examples: NoInfer<T>[] = [],
) {
  let cases = 0;
  const outcomes = new Map<string, number>();
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      cases += 1;
      const outcome = await check(value);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }),
    { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, examples: examples.map((example): [T] => [example]) },
  );
  const tally = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${outcome} ${n}`);
  console.info(`[fuzz] ${name}: ${cases} cases in ${Date.now() - started} ms (seed ${FUZZ_SEED}): ${tally.join(", ")}`);
}
