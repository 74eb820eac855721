import { describe, expect, it } from "vitest";
import { finishDocument } from "~/platform/finish-document.server";

const encoder = new TextEncoder();
const finished = (document: string) => new TextDecoder().decode(finishDocument(encoder.encode(document)));

const SHELL = "<!DOCTYPE html><html><head></head><body><main>Événements</main></body></html>";
const DATA = '<script nonce="n">window.__remixContext.streamController.close();</script>';
const PRELOADS = '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';

describe("finishing a rendered document", () => {
  it("moves </body></html> after Remix's data scripts, multi-byte text intact", () => {
    expect(finished(SHELL + DATA)).toBe(
      "<!DOCTYPE html><html><head></head><body><main>Événements</main>" + DATA + "</body></html>",
    );
  });

  it("leaves a document that already ends with them, or has none, as it was", () => {
    expect(finished(SHELL)).toBe(SHELL);
    expect(finished("<p>partial</body>")).toBe("<p>partial</body>");
  });

  it("moves only the first, React's own (what follows is the data)", () => {
    const data = '<script>"\\u003c/body>\\u003c/html>"</script>';
    expect(finished(SHELL + data)).toBe(SHELL.replace("</body></html>", "") + data + "</body></html>");
  });

  it("asks for every module preload at low priority, in the same pass", () => {
    const document = SHELL.replace("</main>", `</main>${PRELOADS}`) + DATA;
    expect(finished(document)).toBe(
      "<!DOCTYPE html><html><head></head><body><main>Événements</main>" +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>' +
        DATA +
        "</body></html>",
    );
  });
});
