// React 18 writes `</body></html>` when the shell is done, and Remix then streams its loader data as
// <script> tags after it: content after `</html>`, which validators report and some crawlers stop at.
// This moves the closing tags to the very end of the stream without holding back anything else, so
// the first bytes still leave as soon as React writes them.

const DOCUMENT_END = new TextEncoder().encode("</body></html>");

/** The document as it streams, with `</body></html>` held back until the stream ends. */
export function holdDocumentEnd(document: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // A plain pull loop rather than a TransformStream: when a visitor leaves early, workerd reports a
  // piped TransformStream's failed writes as unhandled rejections; here cancel() simply stops React.
  const reader = document.getReader();
  let carry = new Uint8Array(0);
  let held = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Read until there is something to send, so the consumer's read is always answered.
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (carry.length) controller.enqueue(carry);
          if (held) controller.enqueue(DOCUMENT_END);
          controller.close();
          return;
        }
        if (held) {
          controller.enqueue(value);
          return;
        }
        const data = carry.length ? concat(carry, value) : value;
        const at = indexOf(data, DOCUMENT_END);
        if (at >= 0) {
          held = true;
          carry = new Uint8Array(0);
          const before = data.subarray(0, at);
          const after = data.subarray(at + DOCUMENT_END.length);
          if (before.length) controller.enqueue(before);
          if (after.length) controller.enqueue(after);
          if (before.length || after.length) return;
          continue;
        }
        // The closing tags may be split across chunks: keep only a tail that could start them.
        const keep = partialMatchAtEnd(data, DOCUMENT_END);
        carry = data.slice(data.length - keep);
        if (data.length > keep) {
          controller.enqueue(data.subarray(0, data.length - keep));
          return;
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
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

/** Length of the longest end of `data` that is a proper start of `needle`. */
function partialMatchAtEnd(data: Uint8Array, needle: Uint8Array): number {
  for (let length = Math.min(needle.length - 1, data.length); length > 0; length--) {
    let i = 0;
    while (i < length && data[data.length - length + i] === needle[i]) i++;
    if (i === length) return length;
  }
  return 0;
}
