import { describe, expect, it } from "vitest";
import { isActivePath } from "~/ui/nav";

describe("isActivePath", () => {
  it("matches home only exactly", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/gallery")).toBe(false);
  });

  it("matches an item's own path and the paths below it", () => {
    expect(isActivePath("/gallery", "/gallery")).toBe(true);
    expect(isActivePath("/gallery", "/gallery/")).toBe(true);
    expect(isActivePath("/events", "/events/edit/abc")).toBe(true);
    expect(isActivePath("/testimonials", "/testimonials/add")).toBe(true);
  });

  it("does not match a different page that merely shares a prefix", () => {
    expect(isActivePath("/events", "/eventsarchive")).toBe(false);
    expect(isActivePath("/about", "/contact")).toBe(false);
  });
});
