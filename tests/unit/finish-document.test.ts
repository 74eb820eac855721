import { describe, expect, it } from "vitest";
import { finishDocument, PAGE_SCRIPTS_STARTER } from "~/document/finish-document.server";

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

  it("parses the preloads and the module script into templates, with a starter under the page's nonce", () => {
    const context = '<script nonce="n">window.__remixContext = {};</script>';
    const app = '<script nonce="n" type="module" async="">import "/assets/a.js";</script>';
    const document = SHELL.replace("</main>", `</main>${PRELOADS}${context}${app}`) + DATA;
    expect(finished(document)).toBe(
      "<!DOCTYPE html><html><head></head><body><main>Événements</main>" +
        `<template data-page-script>${PRELOADS}</template>` +
        context +
        `<template data-page-script>${app}</template>` +
        `<script nonce="n">${PAGE_SCRIPTS_STARTER}</script>` +
        DATA +
        "</body></html>",
    );
  });

  it("leaves the scripts in place when Remix's module script is not where it should be", () => {
    const document = SHELL.replace("</main>", `</main>${PRELOADS}`);
    expect(finished(document)).toBe(document);
  });
});
