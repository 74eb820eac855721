// The body caps of forms, read by the Worker before a byte of the body (app/platform/body-cap.server.ts):
// the root route's default, and the public forms'. Free of `.server` imports, since routes export them.
/** What a form without files may send: the longest text fields, percent-encoded, fit many times over. */
export const FORM_MAX_BYTES = 256 * 1024;
/** The public forms: the longest message, every character percent-encoded as four bytes, fits twice. */
export const PUBLIC_FORM_MAX_BYTES = 128 * 1024;
/** A device passkey's ceremony: its JSON (a public key, a signature, client data) is a few kilobytes at most. */
export const DEVICE_PASSKEY_MAX_BYTES = 32 * 1024;
