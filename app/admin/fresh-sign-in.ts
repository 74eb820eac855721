// How recent a sign-in must be for what a minute at an unlocked screen must not do: adding a device
// passkey. Read by the server (app/admin/sessions.server.ts) and the page that asks to sign in again.
export const FRESH_SIGN_IN_MINUTES = 5;
export const FRESH_SIGN_IN_MS = FRESH_SIGN_IN_MINUTES * 60_000;
