// The mailing list's addresses: the subscribe page (and the forms' action), and the two pages its links open.
export const MAILING_LIST_PATH = "/mailing-list";
export const CONFIRM_PATH = "/mailing-list/confirm";
/** The preferences page: what a subscriber hears about, or leave. */
export const PREFERENCES_PATH = "/mailing-list/preferences";
/** The one-click leave that List-Unsubscribe names (RFC 8058): a POST leaves; a GET opens the preferences. */
export const LEAVE_PATH = "/mailing-list/leave";

export const confirmPath = (token: string) => `${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
export const preferencesPath = (token: string) => `${PREFERENCES_PATH}?token=${encodeURIComponent(token)}`;
export const leavePath = (token: string) => `${LEAVE_PATH}?token=${encodeURIComponent(token)}`;

/** The artist's Subscribers screen, and its CSV download. */
export const SUBSCRIBERS_PATH = "/subscribers";
export const SUBSCRIBERS_CSV_PATH = "/subscribers.csv";

/** The artist's Announce screen: new work and events e-mailed to the list, and how far each has gone. */
export const ANNOUNCE_PATH = "/announce";
