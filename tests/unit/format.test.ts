import { describe, expect, it } from "vitest";
import { imageSrc } from "~/images/references";
import { formatPrice } from "~/artworks/price";

describe("formatPrice", () => {
  it("shows pounds for numbers and ranges and keeps other text", () => {
    expect(formatPrice("150")).toBe("£150");
    expect(formatPrice("£150")).toBe("£150");
    expect(formatPrice("200-300")).toBe("£200–£300");
    expect(formatPrice("Contact for pricing")).toBe("Contact for pricing");
    expect(formatPrice("  ")).toBeNull();
    expect(formatPrice(null)).toBeNull();
  });
});

describe("imageSrc", () => {
  it("serves R2 keys from /images/ and keeps absolute legacy URLs", () => {
    expect(imageSrc("posts/1700_my picture.jpg")).toBe("/images/posts/1700_my%20picture.jpg");
    expect(imageSrc("/images/posts/a.jpg")).toBe("/images/posts/a.jpg");
    expect(imageSrc("https://res.cloudinary.com/x/image/upload/a.jpg")).toBe(
      "https://res.cloudinary.com/x/image/upload/a.jpg",
    );
  });
});
