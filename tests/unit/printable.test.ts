// What the import commands print of an archive's or a store's text: a name or an id carrying terminal
// control codes reaches the terminal as visible escapes, so it cannot rewrite the lines around it.
import { describe, expect, it } from "vitest";
import { printable } from "../../scripts/lib/printable";

describe("printable", () => {
  it("writes control characters, line breaks and reordering marks as \\u escapes, and leaves the rest", () => {
    expect(printable("posts/\u001b[2J\u001b]0;owned\u0007x")).toBe("posts/\\u001b[2J\\u001b]0;owned\\u0007x");
    expect(printable("two\nlines\r")).toBe("two\\u000alines\\u000d");
    expect(printable("abc\u202edcba")).toBe("abc\\u202edcba");
    expect(printable("Café Élan, Leeds — 12 × 16″ 🎨")).toBe("Café Élan, Leeds — 12 × 16″ 🎨");
  });
});
