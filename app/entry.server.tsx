import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { finishDocument } from "~/document/finish-document.server";
import { NonceContext } from "~/platform/nonce";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        // Logged for the operator; the visitor sees the error boundary, never a stack trace.
        if (!request.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );

  // The whole document at once, to crawlers and browsers alike: no loader defers data, so everything
  // is ready within the render, and streaming would send the same bytes in many small pieces, each
  // paid for in CPU (docs/performance.md). Read natively, in one piece.
  await body.allReady;
  const document = new Uint8Array(await new Response(body).arrayBuffer());

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(finishDocument(document), { headers: responseHeaders, status: responseStatusCode });
}
