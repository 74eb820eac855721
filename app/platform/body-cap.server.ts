// Caps on request bodies, checked at the Worker's door before anything reads a byte: a declared
// Content-Length over the route's cap is answered 413 at once, and a body without one is counted as
// it streams and cut at the cap (the answer is then 413 too). Memory stays flat whatever is sent.
import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";
import { NOT_STORED } from "~/platform/cache-control";

/**
 * A route module declares the most a request to it may send as `export const bodyCap = …` next to its
 * action; routes that declare none inherit their parent's, and the root's is the default. Remix's client
 * bundle keeps only its own route exports, so the number never reaches the browser (but must not come
 * from a `.server` module, which the client build refuses to resolve).
 */
export type BodyCapModule = { bodyCap?: unknown };

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/**
 * The cap of the route that will answer `pathname`, found by Remix's own matcher (so `/CONTACT`,
 * `/contact/` and percent-encoded paths get the cap of the route that handles them). Built once per build.
 */
export function bodyCaps(routes: ServerBuild["routes"]): (pathname: string) => number {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => ({ ...route, children: tree(route.id) }) as RouteObject);
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, siblings);
  }
  const matchable = tree(undefined);
  const capOf = (id: string) => (routes[id]?.module as BodyCapModule | undefined)?.bodyCap;
  const rootCap = capOf("root");
  if (typeof rootCap !== "number") throw new Error("The root route must export bodyCap, the default body cap.");
  return (pathname) => {
    // Remix's single-fetch data requests name the page's path with `.data` (the root's as `/_root.data`).
    const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    const matches = matchRoutes(matchable, path) ?? [];
    for (const { route } of matches.reverse()) {
      const cap = capOf(route.id!);
      if (typeof cap === "number") return cap;
    }
    return rootCap;
  };
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
 * `request` with its body capped at its route's cap, or 413 when it declares more. `cut()` says whether
 * a body without a declared length was cut at the cap while the app read it. The route is looked up
 * only for a request with a body, so the pages visitors read pay nothing for it.
 */
export function capBody(
  request: Request,
  capFor: (pathname: string) => number,
): { request: Request; cut: () => boolean } | { refusal: Response } {
  if (request.body === null) return { request, cut: () => false };
  const cap = capFor(new URL(request.url).pathname);
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

/**
 * The body as text, or "" when it cannot be read (cut at its cap): read chunk by chunk here, since the
 * platform's own text() leaves a cut body's error unhandled.
 */
export async function bodyText(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
    }
    return text + decoder.decode();
  } catch {
    return "";
  }
}
