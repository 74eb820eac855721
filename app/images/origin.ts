// Where a stored image reference lives: in our R2 storage, on a legacy host of the old site (to be
// migrated), or elsewhere.
export type ImageOrigin = "storage" | "legacy" | "other";

const LEGACY_HOSTS = [
  /(^|\.)res\.cloudinary\.com$/,
  /(^|\.)cloudinary\.com$/,
  /^firebasestorage\.googleapis\.com$/,
  /^storage\.googleapis\.com$/,
  /(^|\.)appspot\.com$/,
  /(^|\.)firebasestorage\.app$/,
];

export const ORIGIN_LABELS: Record<ImageOrigin, string> = {
  storage: "Our storage (R2)",
  legacy: "Legacy host",
  other: "Other",
};

/** `extraLegacyHosts`: host names configured in LEGACY_IMAGE_HOSTS. */
export function imageOrigin(stored: string, extraLegacyHosts: readonly string[] = []): ImageOrigin {
  if (!/^https?:\/\//i.test(stored)) return "storage"; // an R2 key or an /images/ URL
  let host: string;
  try {
    host = new URL(stored).hostname.toLowerCase();
  } catch {
    return "other";
  }
  if (extraLegacyHosts.includes(host)) return "legacy";
  return LEGACY_HOSTS.some((pattern) => pattern.test(host)) ? "legacy" : "other";
}
