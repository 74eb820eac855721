// Validation of every visitor form, shared by the server actions (the authority) and the forms
// (maxLength, counters). Messages are what the visitor reads next to the field.
import { z } from "zod";

export const TESTIMONIAL_AUTHOR_MAX = 50;
export const TESTIMONIAL_MESSAGE_MAX = 500;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 500;
export const MESSAGE_MAX = 5000;

/** Spec §5: blank after trimming gets 'Please fill in all fields.'. */
export const FILL_IN_ALL_FIELDS = "Please fill in all fields.";

const text = (max: number, required: string, tooLong: string) => z.string().trim().min(1, required).max(max, tooLong);

const email = z
  .string()
  .trim()
  .min(1, "Please enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .pipe(z.email("Please enter a valid email address, like name@example.com."));

export const testimonialSchema = z.object({
  author: text(
    TESTIMONIAL_AUTHOR_MAX,
    FILL_IN_ALL_FIELDS,
    `Your name can be at most ${TESTIMONIAL_AUTHOR_MAX} characters.`,
  ),
  message: text(
    TESTIMONIAL_MESSAGE_MAX,
    FILL_IN_ALL_FIELDS,
    `Your testimonial can be at most ${TESTIMONIAL_MESSAGE_MAX} characters.`,
  ),
});

export const enquirySchema = z.object({
  name: text(NAME_MAX, "Please enter your full name.", `Your name can be at most ${NAME_MAX} characters.`),
  email,
  address: text(ADDRESS_MAX, "Please enter your address.", `Your address can be at most ${ADDRESS_MAX} characters.`),
  message: text(MESSAGE_MAX, "Please enter a message.", `Your message can be at most ${MESSAGE_MAX} characters.`),
});

export const contactSchema = z.object({
  name: text(NAME_MAX, "Please enter your name.", `Your name can be at most ${NAME_MAX} characters.`),
  email,
  message: text(MESSAGE_MAX, "Please enter a message.", `Your message can be at most ${MESSAGE_MAX} characters.`),
});

export type TestimonialInput = z.infer<typeof testimonialSchema>;
export type EnquiryInput = z.infer<typeof enquirySchema>;
export type ContactInput = z.infer<typeof contactSchema>;
