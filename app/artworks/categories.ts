// The six artwork categories of the shop, in the order of the shop tabs. Values are stored in artworks
// and used in the gallery query string (?category=3d%20art), so they never change.
export const CATEGORIES = ["oil", "acrylic", "watercolor", "3d art", "artwork print", "custom"] as const;

export type Category = (typeof CATEGORIES)[number];

// Label of each category on a shop tab and in "No {label} artworks available at the moment."
export const CATEGORY_LABELS: Record<Category, string> = {
  oil: "Oil",
  acrylic: "Acrylic",
  watercolor: "Watercolor",
  "3d art": "3D Art",
  "artwork print": "Artwork Print",
  custom: "Custom",
};

// Longer names used by the About page cards and the footer's Art Categories links.
export const CATEGORY_TITLES: Record<Category, string> = {
  oil: "Oil Paintings",
  acrylic: "Acrylic Art",
  watercolor: "Watercolors",
  "3d art": "3D Art",
  "artwork print": "Art Prints",
  custom: "Custom Work",
};

export const DEFAULT_CATEGORY: Category = "oil";

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

/** The category named by a `?category=` value, or null for All (absent or unknown values). */
export function parseCategoryParam(value: string | null | undefined): Category | null {
  const normalised = value?.trim().toLowerCase();
  return isCategory(normalised) ? normalised : null;
}

export function galleryHref(category: Category | null): string {
  return category ? `/gallery?category=${encodeURIComponent(category)}` : "/gallery";
}

/** Categories of an artwork, falling back to the single `category` of older artworks. */
export function categoriesOf(artwork: { categories: readonly string[] | null; category: string | null }): Category[] {
  const list = (artwork.categories ?? []).filter(isCategory);
  if (list.length > 0) return list;
  return isCategory(artwork.category) ? [artwork.category] : [];
}
