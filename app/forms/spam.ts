/** The honeypot: a field hidden from people (and from screen readers) that bots fill in. */
export const HONEYPOT_FIELD = "website";

/**
 * The Turnstile action of each public form: the widget signs it into its token and the server checks
 * it, so a token solved on one form cannot be spent on another.
 */
export type ChallengeAction = "contact" | "enquiry" | "testimonial" | "subscribe" | "commission";
