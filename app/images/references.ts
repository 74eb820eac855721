// Stored image references are either R2 keys ("posts/1700000000000_sunset.jpg"), our own
// "/images/..." URLs, or absolute http(s) URLs on a legacy host. This turns any of them into a src.
export function imageSrc(stored: string): string {
  if (/^https?:\/\//i.test(stored) || stored.startsWith("/images/")) return stored;
  return `/images/${stored.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/")}`;
}

/** A smaller copy of an uploaded image, made in the admin's browser: its R2 key and pixel width. */
export type ImageVariant = { key: string; width: number };

/** The copies made of each upload; their sizes, and what each is for, are in app/images/copy-sizes.ts. */
export const VARIANT_KINDS = ["display", "medium", "thumbnail"] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];
export type ImageCopies = Partial<Record<VariantKind, ImageVariant>>;

/** An original just stored in R2 (its key), with the copies made of it so far. */
export type UploadedImage = { key: string; copies: ImageCopies };

/** The copies of each original, by its stored key (images uploaded without JavaScript have none). */
export type ImageVariants = Record<string, ImageCopies>;

/** The stored reference a shop card shows for an image: its thumbnail when one was made, else the image itself. */
export function thumbnailOf(stored: string, variants: ImageVariants): string {
  return variants[stored]?.thumbnail?.key ?? stored;
}

/** The stored reference to show large (a hero, a share preview): the display copy when one was made. */
export function displayOf(stored: string, variants: ImageVariants): string {
  return variants[stored]?.display?.key ?? stored;
}

export type ResponsiveImage = ReturnType<typeof responsiveImage>;

/** src, srcset and thumbnail for the artwork page: visitors never download an original when a copy exists. */
export function responsiveImage(stored: string, variants: ImageVariants) {
  const { display, medium, thumbnail } = variants[stored] ?? {};
  const candidates = [thumbnail, medium, display].filter((v): v is ImageVariant => Boolean(v));
  return {
    src: imageSrc(display?.key ?? stored),
    srcSet: candidates.length ? candidates.map((v) => `${imageSrc(v.key)} ${v.width}w`).join(", ") : undefined,
    thumbnail: imageSrc(thumbnail?.key ?? stored),
  };
}
