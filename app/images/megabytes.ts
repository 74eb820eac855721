// Sizes as the site writes them. A megabyte is 1024 × 1024 bytes here, as the image limit counts it.
export const MEGABYTE = 1024 * 1024;

/** A size limit as the texts state it: "2 MB", not "2.0 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
}

/** A chosen file's size, to a tenth of a megabyte: "2.0 MB". */
export function formatFileSize(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}
