import { describe, expect, it } from "vitest";
import { revalidateAfterAnswer } from "~/forms/revalidate";
import { NOT_SENT } from "~/forms/send-form";

const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) =>
  ({
    actionStatus,
    defaultShouldRevalidate,
    currentUrl: new URL("http://localhost/edit/a"),
    currentParams: {},
    nextUrl: new URL("http://localhost/edit/a"),
    nextParams: {},
    formMethod: "POST",
  }) as Parameters<typeof revalidateAfterAnswer>[0];

describe("reading an admin page again after a save", () => {
  it("reads it after a 409 (another save changed it), which Remix would otherwise skip after a 4xx", () => {
    expect(revalidateAfterAnswer(args(409, false))).toBe(true);
  });
  it("never when no answer came: the read would fail too and replace the kept form with the error page", () => {
    // Single fetch hands a route's own function `true` after every action.
    expect(revalidateAfterAnswer(args(NOT_SENT, true))).toBe(false);
  });
  it("otherwise does what Remix would", () => {
    expect(revalidateAfterAnswer(args(400, false))).toBe(false);
    expect(revalidateAfterAnswer(args(502, true))).toBe(true);
    expect(revalidateAfterAnswer(args(200, true))).toBe(true);
  });
});
