// The one fake for what the app sends outside: MailChannels, Turnstile's siteverify, the Analytics
// Engine SQL API and the old site's image hosts. msw request handlers answer at the HTTP boundary:
// the global fetch the app calls is swapped for one that asks them (msw's own interceptors need
// Node's http module, which workerd lacks), and every request is recorded, so a test checks exactly
// what the real service would have received. A request no handler answers fails the test that made it.
import { getResponse, type RequestHandler } from "msw";

export { delay, http, HttpResponse } from "msw";

let handlers: RequestHandler[] = [];
const recorded: Request[] = [];
const realFetch = globalThis.fetch;

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  recorded.push(request.clone() as unknown as Request);
  // msw types the DOM Request; the runtime object is the same.
  const response = await getResponse(handlers, request as never);
  if (!response)
    throw new Error(`No fake answers ${request.method} ${request.url}: add a handler with outbound.use().`);
  // HttpResponse.error(): the host could not be reached, which a real fetch reports by rejecting.
  if (response.type === "error") throw new TypeError("fetch failed");
  return response;
}

export const outbound = {
  /** Swaps the global fetch (the app and the tests share one isolate). */
  listen(): void {
    globalThis.fetch = fakeFetch as typeof fetch;
  },
  close(): void {
    globalThis.fetch = realFetch;
  },
  /** Adds handlers for the current test; the most recent one wins. */
  use(...added: RequestHandler[]): void {
    handlers = [...added, ...handlers];
  },
  /** Drops every handler and forgets every request (after each test). */
  reset(): void {
    handlers = [];
    recorded.length = 0;
  },
  /** Every outbound request since the test began, in order. */
  requests(): Request[] {
    return [...recorded];
  },
};

/** An answer that never comes, as from a silent host: it ends only when the caller aborts. */
export function never(request: { signal: AbortSignal }): Promise<never> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason));
  });
}
