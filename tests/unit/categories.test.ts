import { describe, expect, it } from "vitest";
import { categoriesOf, galleryHref, parseCategoryParam } from "~/artworks/categories";

describe("categories", () => {
  it("reads the gallery query parameter, treating unknown values as All", () => {
    expect(parseCategoryParam("3d art")).toBe("3d art");
    expect(parseCategoryParam("Artwork Print")).toBe("artwork print");
    expect(parseCategoryParam("sculpture")).toBeNull();
    expect(parseCategoryParam(null)).toBeNull();
  });

  it("builds shareable gallery links", () => {
    expect(galleryHref("artwork print")).toBe("/gallery?category=artwork%20print");
    expect(galleryHref(null)).toBe("/gallery");
  });

  it("falls back to the single category of older artworks", () => {
    expect(categoriesOf({ categories: [], category: "oil" })).toEqual(["oil"]);
    expect(categoriesOf({ categories: ["custom", "bogus"], category: "custom" })).toEqual(["custom"]);
    expect(categoriesOf({ categories: null, category: "nonsense" })).toEqual([]);
  });
});
