// Form limits and shared texts, kept free of zod so forms can import them without shipping the
// validation library to the browser. Each feature's form.ts enforces them on the server.
export const TESTIMONIAL_AUTHOR_MAX = 50;
export const TESTIMONIAL_MESSAGE_MAX = 500;

/** Spec §5: blank after trimming gets 'Please fill in all fields.'. */
export const FILL_IN_ALL_FIELDS = "Please fill in all fields.";
