/** The honeypot: a field hidden from people (and from screen readers) that bots fill in. */
export const HONEYPOT_FIELD = "website";
