import { describe, expect, it } from "vitest";
import { holdDocumentEnd } from "~/platform/document-end.server";

/** Streams `parts` through the transform and returns what comes out, chunk by chunk. */
async function through(parts: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  const decoder = new TextDecoder();
  const out: string[] = [];
  const reader = holdDocumentEnd(source).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    out.push(decoder.decode(read.value, { stream: true }));
  }
  return out;
}

const SHELL = "<!DOCTYPE html><html><head></head><body><main>Événements</main></body></html>";
const DATA = '<script nonce="n">window.__remixContext.streamController.close();</script>';

describe("holding the document's closing tags until the stream ends", () => {
  it("moves </body></html> after the streamed scripts", async () => {
    expect((await through([SHELL, DATA])).join("")).toBe(
      "<!DOCTYPE html><html><head></head><body><main>Événements</main>" + DATA + "</body></html>",
    );
  });

  it("finds the closing tags split across chunks, at every split point", async () => {
    const whole = SHELL + DATA;
    for (let cut = SHELL.length - 16; cut <= SHELL.length; cut++) {
      const out = (await through([whole.slice(0, cut), whole.slice(cut)])).join("");
      expect(out, `cut at ${cut}`).toBe(SHELL.replace("</body></html>", "") + DATA + "</body></html>");
    }
  });

  it("sends the shell at once rather than holding it back", async () => {
    const [first] = await through([SHELL, DATA]);
    expect(first).toBe(SHELL.replace("</body></html>", ""));
  });

  it("cancelling the response cancels the render, with nothing left unhandled", async () => {
    let cancelled: unknown;
    const source = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(SHELL)),
      cancel: (reason) => void (cancelled = reason),
    });
    const reader = holdDocumentEnd(source).getReader();
    await reader.read();
    await reader.cancel("visitor left");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe("visitor left");
  });

  it("leaves a document without the closing tags as it was", async () => {
    expect((await through(["<p>partial</bo", "dy>"])).join("")).toBe("<p>partial</body>");
  });
});
