// Outcome messages carried across a redirect as ?notice=<key> (spec §8 texts). Only these keys are
// shown, so a crafted link cannot put arbitrary text on the dashboard.
const SUCCESS = {
  "event-created": "Event created successfully!",
  "event-deleted": "Event deleted successfully!",
  "artwork-created": "Post created successfully!",
  "artwork-deleted": "Post deleted successfully!",
  "pages-refreshed": "Public pages refreshed: every visitor gets the latest version on their next visit.",
  "signed-out-everywhere": "Signed out everywhere: every browser must sign in again, this one too.",
  "signed-out-everywhere-passkeys-removed":
    "Signed out everywhere and every device passkey removed: every browser must sign in again, this one too, and no device passkey signs in until you add one again.",
  "device-removed": "Device removed: it is signed out, and must sign in again like any other browser.",
  "device-passkey-removed-here":
    "Device passkey removed. It had signed this browser in, so this browser is signed out too.",
} as const;

// Spec §8: the edit page sends the admin back to the dashboard with these.
const FAILURE = {
  "artwork-not-found": "Post not found",
  "artwork-fetch-failed": "Error fetching post data",
} as const;

export type NoticeKey = keyof typeof SUCCESS | keyof typeof FAILURE;
export type Notice = { text: string; failed: boolean };

export function noticeFor(key: string | null): Notice | null {
  if (key && key in SUCCESS) return { text: SUCCESS[key as keyof typeof SUCCESS], failed: false };
  if (key && key in FAILURE) return { text: FAILURE[key as keyof typeof FAILURE], failed: true };
  return null;
}

/** Where an admin page sends the admin afterwards, with the outcome to show there. */
export function dashboardWith(key: NoticeKey): string {
  return `/dashboard?notice=${key}`;
}
