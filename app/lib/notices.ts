// Outcome messages carried across a redirect as ?notice=<key> (spec §8 texts). Only these keys are
// shown, so a crafted link cannot put arbitrary text on the dashboard.
export const NOTICES = {
  "event-created": "Event created successfully!",
  "event-deleted": "Event deleted successfully!",
  "post-created": "Post created successfully!",
  "post-deleted": "Post deleted successfully!",
} as const;

export function noticeText(key: string | null): string | null {
  return key && key in NOTICES ? NOTICES[key as keyof typeof NOTICES] : null;
}
