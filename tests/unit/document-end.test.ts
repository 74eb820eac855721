import { describe, expect, it } from "vitest";
import { moveDocumentEnd } from "~/platform/document-end.server";

const encoder = new TextEncoder();
const moved = (document: string) => new TextDecoder().decode(moveDocumentEnd(encoder.encode(document)));

const SHELL = "<!DOCTYPE html><html><head></head><body><main>Événements</main></body></html>";
const DATA = '<script nonce="n">window.__remixContext.streamController.close();</script>';

describe("moving the document's closing tags to its end", () => {
  it("moves </body></html> after Remix's data scripts, multi-byte text intact", () => {
    expect(moved(SHELL + DATA)).toBe(
      "<!DOCTYPE html><html><head></head><body><main>Événements</main>" + DATA + "</body></html>",
    );
  });

  it("leaves a document that already ends with them as it was", () => {
    expect(moved(SHELL)).toBe(SHELL);
  });

  it("leaves a document without them as it was", () => {
    expect(moved("<p>partial</body>")).toBe("<p>partial</body>");
  });

  it("moves only the first, React's own (what follows is the data)", () => {
    const data = '<script>"\\u003c/body>\\u003c/html>"</script>';
    expect(moved(SHELL + data)).toBe(SHELL.replace("</body></html>", "") + data + "</body></html>");
  });
});
