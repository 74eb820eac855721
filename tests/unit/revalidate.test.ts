import { describe, expect, it } from "vitest";
import { revalidateAfterConflict } from "~/forms/revalidate";

const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) =>
  ({
    actionStatus,
    defaultShouldRevalidate,
    currentUrl: new URL("http://localhost/edit/a"),
    currentParams: {},
    nextUrl: new URL("http://localhost/edit/a"),
    nextParams: {},
    formMethod: "POST",
  }) as Parameters<typeof revalidateAfterConflict>[0];

describe("reading an artwork again after a save", () => {
  it("reads it after a 409 (another save changed it), which Remix would otherwise skip after a 4xx", () => {
    expect(revalidateAfterConflict(args(409, false))).toBe(true);
  });
  it("otherwise does what Remix would", () => {
    expect(revalidateAfterConflict(args(400, false))).toBe(false);
    expect(revalidateAfterConflict(args(200, true))).toBe(true);
  });
});
