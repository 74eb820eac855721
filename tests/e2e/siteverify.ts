// Turnstile's siteverify for the browser tests: a local HTTP server the "turnstile" e2e server's
// TURNSTILE_VERIFY_URL points at. It answers as tests/support/turnstile.ts decides (Cloudflare's
// documented test keys) and lists what it received at GET /received, for the tests to check.
import { createServer, type Server } from "node:http";
import { siteverifyAnswer } from "../support/turnstile";

export async function startSiteverify(port: number): Promise<Server> {
  const received: Array<Record<string, string>> = [];
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/received") {
      return void response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(received));
    }
    if (request.method !== "POST" || request.url !== "/siteverify") return void response.writeHead(404).end();
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      received.push(fields);
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(siteverifyAnswer(fields)));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
