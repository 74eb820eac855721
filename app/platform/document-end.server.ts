// React 18 writes `</body></html>` when the shell is done, and Remix then writes its loader data as
// <script> tags after it: content after `</html>`, which validators report and some crawlers stop at.
// The document is sent whole (see entry.server.tsx), so the closing tags simply move to its end.

const DOCUMENT_END = new TextEncoder().encode("</body></html>");

/** The document with its first `</body></html>` moved to the very end. */
export function moveDocumentEnd(document: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const at = indexOf(document, DOCUMENT_END);
  if (at < 0 || at + DOCUMENT_END.length === document.length) return document;
  const moved = new Uint8Array(document.length);
  moved.set(document.subarray(0, at));
  moved.set(document.subarray(at + DOCUMENT_END.length), at);
  moved.set(DOCUMENT_END, document.length - DOCUMENT_END.length);
  return moved;
}

// The needle is ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character, so a byte
// search cannot match in the middle of one.
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first); at >= 0; at = haystack.indexOf(first, at + 1)) {
    if (at + needle.length > haystack.length) return -1;
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}
