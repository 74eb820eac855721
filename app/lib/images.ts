// Stored image references are either R2 keys ("posts/1700000000000_sunset.jpg"), our own
// "/images/..." URLs, or absolute http(s) URLs on a legacy host. This turns any of them into a src.
export function imageSrc(stored: string): string {
  if (/^https?:\/\//i.test(stored) || stored.startsWith("/images/")) return stored;
  return `/images/${stored.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/")}`;
}
