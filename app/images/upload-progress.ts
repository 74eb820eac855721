// The one upload in flight (a page has one image form sending at a time): its bytes sent, the image
// being sent, and its Cancel. Sent by XMLHttpRequest, since fetch reports no upload progress.
import { useSyncExternalStore } from "react";

/** What the progress bar shows: bytes sent of all, and which chosen image they are in. */
export type UploadProgress =
  | { phase: "sending"; loaded: number; total: number; image: ImageSpan | undefined }
  /** Every byte is sent; the server is storing the images and saving. Too late to cancel. */
  | { phase: "saving" };

/** One chosen image in the body: its name, its place among the `of` chosen ones, and where its bytes end. */
type ImageSpan = { name: string; number: number; of: number; end: number };

/** How a send ended: the server's answer, or why there is none. */
export type Sent =
  | { answered: true; status: number; body: Blob }
  | {
      answered: false;
      /** cancelled by the admin; lost: the connection failed while sending; unanswered: after sending. */
      why: "cancelled" | "lost" | "unanswered";
      image: ImageSpan | undefined;
    };

let progress: UploadProgress | null = null;
let sending: XMLHttpRequest | null = null;
const listeners = new Set<() => void>();

function show(next: UploadProgress | null) {
  progress = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload in flight, or null; re-renders when it moves. */
export function useUploadProgress(): UploadProgress | null {
  return useSyncExternalStore(
    subscribe,
    () => progress,
    () => null,
  );
}

/** Stops the upload in flight while it is still sending; the server then keeps nothing of it. */
export function cancelUpload(): void {
  if (progress?.phase === "sending") sending?.abort();
}

/** The fields that carry chosen images: an artwork's or an event's, and a commission request's photos. */
const ORIGINALS = ["images", "photos"];

/**
 * Where each chosen image's bytes end in `body`, counted in the order the browser sends the parts: an
 * original (`images`) and then its copies, each counted with its original. Multipart headers are not
 * counted, so the spans are scaled to the real total when read.
 */
function imageSpans(body: FormData): { spans: ImageSpan[]; counted: number } {
  const spans: ImageSpan[] = [];
  let counted = 0;
  for (const [name, value] of body) {
    counted += typeof value === "string" ? value.length : value.size;
    if (ORIGINALS.includes(name) && typeof value !== "string") {
      spans.push({ name: value.name, number: spans.length + 1, of: 0, end: counted });
    } else if (spans.length > 0) {
      spans[spans.length - 1]!.end = counted;
    }
  }
  for (const span of spans) span.of = spans.length;
  return { spans, counted };
}

/**
 * Posts `body` to `url`, showing its progress, and resolves with the answer or why there is none. When
 * `signal` aborts (Remix left the page, or another submission took its place) the upload stops too.
 */
export function sendWithProgress(url: string, body: FormData, signal?: AbortSignal): Promise<Sent> {
  const { spans, counted } = imageSpans(body);
  let loaded = 0;
  let total = 0;
  let allSent = false;
  const imageAt = (bytes: number) => {
    const scaled = total > 0 ? (bytes / total) * counted : 0;
    return spans.find((span) => span.end > scaled) ?? spans.at(-1);
  };

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    // A newer upload owns the bar: an older one's last events change nothing on it.
    const mine = (next: UploadProgress | null) => {
      if (sending === request) show(next);
    };
    const leave = () => request.abort();
    const end = (sent: Sent) => {
      signal?.removeEventListener("abort", leave);
      mine(null);
      if (sending === request) sending = null;
      resolve(sent);
    };
    sending?.abort();
    sending = request;
    signal?.addEventListener("abort", leave);
    request.open("POST", url);
    request.responseType = "blob";
    request.upload.onprogress = (event) => {
      loaded = event.loaded;
      total = event.lengthComputable ? event.total : 0;
      mine({ phase: "sending", loaded, total, image: imageAt(loaded) });
    };
    request.upload.onload = () => {
      allSent = true;
      mine({ phase: "saving" });
    };
    request.onload = () => end({ answered: true, status: request.status, body: request.response as Blob });
    request.onabort = () => end({ answered: false, why: "cancelled", image: allSent ? undefined : imageAt(loaded) });
    request.onerror = () =>
      end({ answered: false, why: allSent ? "unanswered" : "lost", image: allSent ? undefined : imageAt(loaded) });
    mine({ phase: "sending", loaded: 0, total: 0, image: spans[0] });
    request.send(body);
  });
}
