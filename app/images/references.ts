// Stored image references are either R2 keys ("posts/1700000000000_sunset.jpg"), our own
// "/images/..." URLs, or absolute http(s) URLs on a legacy host. This turns any of them into a src.
export function imageSrc(stored: string): string {
  if (/^https?:\/\//i.test(stored) || stored.startsWith("/images/")) return stored;
  return `/images/${stored.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/")}`;
}

/** A smaller copy of an uploaded image (made in the admin's browser, or by the server): its R2 key and pixel width. */
export type ImageCopy = { key: string; width: number };

/** The copies made of each upload; their sizes, and what each is for, are in app/images/copy-sizes.ts. */
export const COPY_KINDS = ["display", "medium", "thumbnail"] as const;
export type CopyKind = (typeof COPY_KINDS)[number];

/** The copies made of one image, by kind (an event's `imageCopies`). */
export type ImageCopies = Partial<Record<CopyKind, ImageCopy>>;

/** An original just stored in R2 (its key), with the copies made of it so far. */
export type UploadedImage = { key: string; copies: ImageCopies };

/** The copies of each original, by its stored key: an artwork's `imageCopies` (an image without copies is absent). */
export type CopiesByImage = Record<string, ImageCopies>;

/** The stored reference a shop card shows for an image: its thumbnail when one was made, else the image itself. */
export function thumbnailOf(stored: string, copies: CopiesByImage): string {
  return copies[stored]?.thumbnail?.key ?? stored;
}

/** The stored reference to show large (a hero, a share preview): the display copy when one was made. */
export function displayOf(stored: string, copies: CopiesByImage): string {
  return copies[stored]?.display?.key ?? stored;
}

export type ResponsiveImage = ReturnType<typeof responsiveImage>;

/** src, srcset and thumbnail for the artwork page: visitors never download an original when a copy exists. */
export function responsiveImage(stored: string, copies: CopiesByImage) {
  const { display, medium, thumbnail } = copies[stored] ?? {};
  const candidates = [thumbnail, medium, display].filter((copy): copy is ImageCopy => Boolean(copy));
  return {
    src: imageSrc(display?.key ?? stored),
    srcSet: candidates.length ? candidates.map((copy) => `${imageSrc(copy.key)} ${copy.width}w`).join(", ") : undefined,
    thumbnail: imageSrc(thumbnail?.key ?? stored),
  };
}
