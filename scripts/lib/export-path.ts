// Where the export Worker (scripts/lib/export-worker.ts) serves the archive: a path holding the random
// token only `npm run export` knows. Its own module, so the command does not load the Worker's code.

/** The archive's path for `token`. */
export const archivePath = (token: string) => `/${token}/site-backup.zip`;

/** What the command makes: 256 random bits as 64 hex digits (and what the Worker accepts: 128 bits at least). */
export const EXPORT_TOKEN = /^[0-9a-f]{32,}$/;
