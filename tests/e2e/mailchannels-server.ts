// MailChannels for the browser tests: a local HTTP server the "mail" e2e server's MAILCHANNELS_URL points at.
// It accepts every e-mail as the API does (202), checks the key it was sent with, and lists what it received
// at GET /received (headers and JSON body), for the tests to read the links an e-mail carries.
import { createServer, type Server } from "node:http";
import type { MailChannelsRequest } from "../../app/messages/mail.server";

export const E2E_MAIL_KEY = "e2e-mail-key";

export type ReceivedEmail = { apiKey: string | undefined; body: MailChannelsRequest };

export async function startMailChannels(port: number): Promise<Server> {
  const received: ReceivedEmail[] = [];
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/received") {
      return void response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(received));
    }
    if (request.method !== "POST" || request.url !== "/tx/v1/send") return void response.writeHead(404).end();
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const apiKey = request.headers["x-api-key"] as string | undefined;
      if (apiKey !== E2E_MAIL_KEY) return void response.writeHead(401).end("Unauthorized");
      received.push({ apiKey, body: JSON.parse(body) as MailChannelsRequest });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
