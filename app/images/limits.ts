/** What one upload request may carry at most: Cloudflare's own request size limit on the Free and Pro plans. */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
