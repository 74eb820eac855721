import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

describe("when a loader fails", () => {
  it("shows a friendly error page with status 500 and no stack trace or error text", async () => {
    // A row whose JSON column (one a shop card reads) is corrupt makes the home loader throw while parsing it.
    await env.DB.prepare(
      "insert into posts (id, title, description, medium, categories, category, size, image_urls) values (?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind("broken", "Broken", "d", "m", "[]", "oil", "s", "{not json")
      .run();

    const response = await fetchApp("/");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Artist • Creator • Designer");
    // Neither the error's message nor its stack reaches the visitor (Remix sanitises it in production).
    expect(html).not.toContain("Expected property name");
    expect(html).not.toContain("SyntaxError");
    expect(html).not.toMatch(/\bat \S+ \(/);
  });
});
