// Requests a browser never sends but a raw HTTP client can: answered as a person would expect, never 500.
import { expect, test } from "./fixtures";

test("a GET or HEAD with a body is answered as without one", async ({ request }) => {
  for (const path of ["/", "/gallery", "/dashboard", "/api/event"]) {
    const get = await request.fetch(path, { method: "GET", data: "stray=body", maxRedirects: 0 });
    expect(get.status(), `GET ${path}`).toBe(path === "/api/event" ? 405 : 200);
    const head = await request.fetch(path, { method: "HEAD", data: "stray=body", maxRedirects: 0 });
    expect(head.status(), `HEAD ${path}`).toBe(path === "/api/event" ? 405 : 200);
  }
});
