// Generated values for the property tests: hostile strings, payloads, ids, files, and forms made of them.
import fc from "fast-check";
import { IMAGE_MAX_BYTES } from "~/images/limits";
import { HONEYPOT_FIELD } from "~/forms/spam";
import { TINY_JPEG, webpOfWidth } from "../helpers";

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

/** Lone surrogates replaced, as a browser does before encoding a form. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
