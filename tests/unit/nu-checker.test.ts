// The judges layer's own check: the HTML judge must fail a document a browser would silently repair.
import { describe, expect, it } from "vitest";
import { checkHtml } from "../support/judges/nu-checker";

const page = (body: string, after = "") =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test</title></head><body>${body}</body></html>${after}`;

describe("the W3C Nu HTML checker", () => {
  it("passes a valid document", async () => {
    expect(await checkHtml([{ name: "/good", html: page("<main><h1>Events</h1></main>") }])).toEqual([]);
  }, 30_000);

  it("fails a script after </html> and a skipped heading level, naming the document", async () => {
    const errors = await checkHtml([
      { name: "/good", html: page("<main><h1>Events</h1></main>") },
      { name: "/streamed", html: page("<main><h1>Events</h1></main>", "<script>window.x = 1;</script>") },
      { name: "/headings", html: page("<main><h1>Events</h1><h3>Open Studio</h3></main>") },
    ]);
    expect(errors.map((error) => [error.document, error.message])).toEqual([
      ["/streamed", "Stray start tag “script”."],
      ["/streamed", "Cannot recover after last error. Any further errors will be ignored."],
      [
        "/headings",
        "The heading “h3” (with computed level 3) follows the heading “h1” (with computed level 1), skipping 1 heading level.",
      ],
    ]);
  }, 30_000);
});
