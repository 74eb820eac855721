// The enquiry and contact forms' caps, kept free of zod so the forms can give their fields these
// lengths in the browser; app/messages/form.ts enforces them on the server.
export const NAME_MAX = 100;
/** The longest address SMTP can carry: RFC 5321's 256-octet path less its angle brackets. */
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 500;
export const MESSAGE_MAX = 5000;
/** The artist's reply from the Inbox. */
export const REPLY_MAX = 5000;
