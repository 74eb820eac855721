// msw handlers served over real HTTP on a local port, for a fake that another process calls (a CLI the
// e2e tests run): the same handlers a unit test puts behind the swapped fetch (./outbound.ts).
import { createServer, type Server } from "node:http";
import { getResponse, type RequestHandler } from "msw";

export async function serveHandlers(handlers: RequestHandler[], port: number): Promise<Server> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1:${port}${incoming.url}`, {
      method: incoming.method,
      headers: incoming.headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const response = await getResponse(handlers, request as never);
    if (!response) return void outgoing.writeHead(404).end(`No fake answers ${request.method} ${request.url}`);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
