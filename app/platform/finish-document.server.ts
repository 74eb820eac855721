// Two changes to each rendered page, made on its bytes once React has written them all
// (entry.server.tsx):
// - React 18 writes `</body></html>` when the shell is done, and Remix then writes its loader data as
//   <script> tags after it: content after `</html>`, which validators report and some crawlers stop
//   at. The closing tags move to the very end.
// - Remix's <link rel="modulepreload"> tags ask for the page's JavaScript at high priority, so on a
//   slow phone connection 25 scripts compete with the stylesheet and the artwork the visitor came to
//   see (and Lighthouse counts them as render-blocking). They get fetchpriority="low": the page
//   paints first, then becomes interactive; every link and form works without the scripts anyway.

const encoder = new TextEncoder();
const DOCUMENT_END = encoder.encode("</body></html>");
const MODULE_PRELOAD = encoder.encode('<link rel="modulepreload"');
const LOW_PRIORITY = encoder.encode(' fetchpriority="low"');
const NOTHING = new Uint8Array(0);

type Edit = { at: number; remove: number; insert: Uint8Array };

/** The document with its closing tags at the end and its module preloads at low priority. */
export function finishDocument(document: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const edits: Edit[] = [];
  for (let at = indexOf(document, MODULE_PRELOAD); at >= 0; at = indexOf(document, MODULE_PRELOAD, at + 1)) {
    edits.push({ at: at + MODULE_PRELOAD.length, remove: 0, insert: LOW_PRIORITY });
  }
  // The first is React's own: the loader data escapes every "<" it carries.
  const end = indexOf(document, DOCUMENT_END);
  if (end >= 0 && end + DOCUMENT_END.length < document.length) {
    edits.push({ at: end, remove: DOCUMENT_END.length, insert: NOTHING });
    edits.push({ at: document.length, remove: 0, insert: DOCUMENT_END });
  }
  return edits.length ? applyEdits(document, edits) : document;
}

function applyEdits(bytes: Uint8Array<ArrayBuffer>, edits: Edit[]): Uint8Array<ArrayBuffer> {
  edits.sort((a, b) => a.at - b.at);
  const length = edits.reduce((sum, { remove, insert }) => sum + insert.length - remove, bytes.length);
  const out = new Uint8Array(length);
  let from = 0;
  let to = 0;
  for (const { at, remove, insert } of edits) {
    out.set(bytes.subarray(from, at), to);
    to += at - from;
    out.set(insert, to);
    to += insert.length;
    from = at + remove;
  }
  out.set(bytes.subarray(from), to);
  return out;
}

// The needles are ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character, so a byte
// search cannot match in the middle of one.
function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first, from); at >= 0; at = haystack.indexOf(first, at + 1)) {
    if (at + needle.length > haystack.length) return -1;
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}
