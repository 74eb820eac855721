import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { holdDocumentEnd } from "~/platform/document-end.server";
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

  // Crawlers and link previews get the whole document at once, browsers get it streamed.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Remix's streamed loader data would otherwise follow `</html>`.
  return new Response(holdDocumentEnd(body), { headers: responseHeaders, status: responseStatusCode });
}
