/**
 * The Inbox's lists: every message that reached the artist, those she has not handled yet (new), those
 * she has, those whose e-mail failed, and those held past the hourly cap.
 */
export const INBOX_VIEWS = ["received", "new", "handled", "failed", "held"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];
