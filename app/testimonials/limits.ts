// The testimonial form's caps (spec §5), kept free of zod so the form can give its fields these
// lengths and count the characters left in the browser; app/testimonials/form.ts enforces them on the server.
export const TESTIMONIAL_AUTHOR_MAX = 50;
export const TESTIMONIAL_MESSAGE_MAX = 500;
