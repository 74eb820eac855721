// Budget: Lighthouse performance >= 98 on the shop and artwork pages (`npm run bench`). Measured gain
// of starting the scripts after the artwork, against a build without it: Lighthouse 95-98 -> 99-100 on /post/:id
// and 96-98 -> 99-100 on /, first paint on / 1.9-2.1 -> 0.8 s (docs/performance.md, run J). Moving the closing tags
// holds no speed budget: it keeps every page valid for the Nu checker.
// Two changes to each rendered page, made on its bytes once React has written them all
// (entry.server.tsx):
// - React 18 writes `</body></html>` when the shell is done, and Remix then writes its loader data as
//   <script> tags after it: content after `</html>`, which validators report and some crawlers stop
//   at. The closing tags move to the very end.
// - The page's JavaScript is asked for once its artwork has painted. Remix's module preloads and its
//   module script are parsed into inert <template>s, and a small script (PAGE_SCRIPTS_STARTER) puts
//   them back where they were once the page's high-priority image has loaded and painted (or at once
//   when it has none, or when the visitor touches a key, the pointer or the screen first). A button
//   tapped before the app has hydrated is clicked again once it has (app/document/held-click.ts). On a slow
//   phone the artwork the visitor came to see no longer shares the connection with 25 scripts, and
//   Lighthouse no longer counts them before the largest paint. Every link and form works without the
//   scripts; the DOM React hydrates is exactly the one it rendered, since the starter removes itself
//   and the templates are replaced by their content before any script runs.

import { HELD_CLICK } from "~/document/held-click";

const encoder = new TextEncoder();
const DOCUMENT_END = encoder.encode("</body></html>");
const MODULE_PRELOAD = encoder.encode('<link rel="modulepreload"');
const MODULE_SCRIPT = encoder.encode(' type="module"');
const SCRIPT_OPEN = encoder.encode("<script");
const SCRIPT_CLOSE = encoder.encode("</script>");
const TAG_END = encoder.encode(">");
const NONCE = encoder.encode(' nonce="');
const QUOTE = encoder.encode('"');
const TEMPLATE_OPEN = encoder.encode("<template data-page-script>");
const TEMPLATE_CLOSE = encoder.encode("</template>");
const NOTHING = new Uint8Array(0);

/** Runs where it is parsed, once: the page's scripts are put back after the artwork has painted. */
export const PAGE_SCRIPTS_STARTER = `(function () {
  document.currentScript.remove();
  addEventListener("click", function (event) {
    if (window.${HELD_CLICK} === null || !(event.target instanceof Element)) return;
    var button = event.target.closest('button[type="button"]');
    if (!button) return;
    // React may already be listening, with the page not yet hydrated: the tap is kept from it, or it
    // would fail to answer it (React error 345) or answer it as well as the replay.
    event.stopPropagation();
    window.${HELD_CLICK} = button;
  }, true);
  // Every other tap and key while React is listening but has not hydrated: kept from it too, for the
  // same error 345 (React would try to finish hydrating at once, while the app's first render waits
  // for its data, and fail for good). The list is every event React 18 does that for, textInput
  // (Chrome's, one per character typed) included. The browser still does what each one does (a
  // character typed, a link followed, a box ticked): the page's HTML works without React.
  ["keydown", "keypress", "keyup", "input", "textInput", "beforeinput", "change", "pointerdown", "pointerup",
   "pointercancel", "mousedown", "mouseup", "touchstart", "touchend", "touchcancel", "dblclick", "auxclick",
   "contextmenu", "dragstart", "dragend", "drop", "compositionstart", "compositionend", "copy", "cut", "paste",
   "submit", "reset"].forEach(function (type) {
    addEventListener(type, function (event) {
      if (window.${HELD_CLICK} !== null) event.stopPropagation();
    }, true);
  });
  addEventListener("click", function (event) {
    if (window.${HELD_CLICK} !== null) event.stopPropagation();
  }, true);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll("template[data-page-script]").forEach(function (template) {
      template.replaceWith(document.importNode(template.content, true));
    });
  }
  function afterPaint() {
    if (document.visibilityState === "hidden") return start();
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  ["pointerdown", "keydown", "touchstart", "focusin"].forEach(function (type) {
    addEventListener(type, start, { capture: true, once: true, passive: true });
  });
  var artwork = document.querySelector('img[fetchpriority="high"]');
  if (!artwork) return afterPaint();
  function decoded() { artwork.decode().then(afterPaint, afterPaint); }
  if (artwork.complete) return decoded();
  artwork.addEventListener("load", decoded);
  artwork.addEventListener("error", afterPaint);
})();`;

type Edit = { at: number; remove: number; insert: Uint8Array };

/** The document with its closing tags at the end and its scripts started after its artwork. */
export function finishDocument(document: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const edits: Edit[] = scriptsAfterArtwork(document);
  // The first is React's own: the loader data escapes every "<" it carries. Sought after the page's
  // scripts, which close its body, rather than from the top past every tag of a shop page.
  const end = indexOf(document, DOCUMENT_END, edits.at(-1)?.at ?? 0);
  if (end >= 0 && end + DOCUMENT_END.length < document.length) {
    edits.push({ at: end, remove: DOCUMENT_END.length, insert: NOTHING });
    edits.push({ at: document.length, remove: 0, insert: DOCUMENT_END });
  }
  return edits.length ? applyEdits(document, edits) : document;
}

/**
 * Remix's <Scripts> writes its module preloads in one run, then the context script (which must run
 * as parsed: the loader data that follows feeds it), then the module script that loads the app.
 * The preloads and the module script go into templates; a document without them is left alone.
 */
function scriptsAfterArtwork(document: Uint8Array): Edit[] {
  const preloadsStart = indexOf(document, MODULE_PRELOAD);
  if (preloadsStart < 0) return [];
  let preloadsEnd = preloadsStart;
  while (startsWith(document, MODULE_PRELOAD, preloadsEnd)) preloadsEnd = indexOf(document, TAG_END, preloadsEnd) + 1;
  const moduleType = indexOf(document, MODULE_SCRIPT, preloadsEnd);
  if (moduleType < 0) return [];
  const scriptStart = lastIndexOf(document, SCRIPT_OPEN, moduleType);
  const openingEnd = indexOf(document, TAG_END, scriptStart);
  const scriptEnd = indexOf(document, SCRIPT_CLOSE, moduleType) + SCRIPT_CLOSE.length;
  if (scriptStart < preloadsEnd || openingEnd < moduleType || scriptEnd < SCRIPT_CLOSE.length) return [];
  const nonceAt = indexOf(document.subarray(scriptStart, openingEnd), NONCE);
  const nonce =
    nonceAt < 0
      ? NOTHING
      : document.subarray(
          scriptStart + nonceAt,
          indexOf(document, QUOTE, scriptStart + nonceAt + NONCE.length) + QUOTE.length,
        );
  const starter = concat(
    TEMPLATE_CLOSE,
    SCRIPT_OPEN,
    nonce,
    TAG_END,
    encoder.encode(PAGE_SCRIPTS_STARTER),
    SCRIPT_CLOSE,
  );
  return [
    { at: preloadsStart, remove: 0, insert: TEMPLATE_OPEN },
    { at: preloadsEnd, remove: 0, insert: TEMPLATE_CLOSE },
    { at: scriptStart, remove: 0, insert: TEMPLATE_OPEN },
    { at: scriptEnd, remove: 0, insert: starter },
  ];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
  for (let at = haystack.indexOf(needle[0]!, from); at >= 0; at = haystack.indexOf(needle[0]!, at + 1)) {
    if (at + needle.length > haystack.length) return -1;
    if (startsWith(haystack, needle, at)) return at;
  }
  return -1;
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array, before: number): number {
  for (let at = haystack.lastIndexOf(needle[0]!, before); at >= 0; at = haystack.lastIndexOf(needle[0]!, at - 1)) {
    if (startsWith(haystack, needle, at)) return at;
    if (at === 0) break;
  }
  return -1;
}

function startsWith(haystack: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at < 0 || at + needle.length > haystack.length) return false;
  for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) return false;
  return true;
}
