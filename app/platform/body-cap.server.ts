// Caps on request bodies, checked at the Worker's door before anything reads a byte: a declared
// Content-Length over the route's cap is answered 413 at once, and a body without one is counted as
// it streams and cut at the cap (the answer is then 413 too). Memory stays flat whatever is sent.
import { NOT_STORED } from "~/platform/cache-control";
import { FORM_MAX_BYTES } from "~/forms/parse.server";
import { UPLOAD_MAX_BYTES } from "~/images/upload.server";

/** The beacon's JSON (app/routes/api.event.tsx). */
export const BEACON_MAX_BYTES = 8 * 1024;
/** The public forms: the longest message, every character percent-encoded as four bytes, fits twice. */
export const PUBLIC_FORM_MAX_BYTES = 128 * 1024;

const CAPS: Array<[RegExp, number]> = [
  [/^\/(createPost|edit\/[^/]+|migration-tool)$/, UPLOAD_MAX_BYTES],
  [/^\/api\/event$/, BEACON_MAX_BYTES],
  [/^\/(contact|testimonials\/add|post\/[^/]+)$/, PUBLIC_FORM_MAX_BYTES],
];

/** The most a request to `pathname` may send: uploads, the beacon, public forms, or any other form. */
export function bodyCapFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "");
  return CAPS.find(([pattern]) => pattern.test(path))?.[1] ?? FORM_MAX_BYTES;
}

export const TOO_LARGE = "That request is too large.";

/**
 * The 413 answer: JSON for the beacon, a short page for everything else. No form of the site can
 * send this much (its fields have maximum lengths), so there is nothing typed to keep.
 */
export function tooLarge(request: Request): Response {
  const headers = { "Cache-Control": NOT_STORED };
  if (new URL(request.url).pathname === "/api/event") {
    return Response.json({ error: TOO_LARGE }, { status: 413, headers });
  }
  const page = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large</title></head><body><main><h1 id="error-title">${TOO_LARGE}</h1><p>Nothing was sent or saved. <a href="/">Back to the home page</a></p></main></body></html>`;
  return new Response(page, { status: 413, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * `request` with its body capped at `cap` bytes, or 413 when it declares more. `cut()` says whether a
 * body without a declared length was cut at the cap while the app read it.
 */
export function capBody(
  request: Request,
  cap: number,
): { request: Request; cut: () => boolean } | { refusal: Response } {
  if (request.body === null) return { request, cut: () => false };
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length > cap) return { refusal: tooLarge(request) };
    return { request, cut: () => false };
  }
  let seen = 0;
  let cut = false;
  const reader = request.body.getReader();
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > cap) {
        cut = true;
        // Stop receiving the rest, and fail the read that would have gone past the cap.
        await reader.cancel(TOO_LARGE).catch(() => {});
        return controller.error(new RangeError(TOO_LARGE));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { request: new Request(request, { body: counted, duplex: "half" } as RequestInit), cut: () => cut };
}
