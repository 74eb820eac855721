// Validation of every visitor form, shared by the server actions (the authority) and the forms
// (maxLength, counters, through ~/lib/limits). Messages are what the visitor reads next to the field.
import { z } from "zod";

import {
  ADDRESS_MAX,
  EMAIL_MAX,
  FILL_IN_ALL_FIELDS,
  MESSAGE_MAX,
  NAME_MAX,
  TESTIMONIAL_AUTHOR_MAX,
  TESTIMONIAL_MESSAGE_MAX,
} from "~/lib/limits";

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

/** Spec §5: a missing event name, description or date gets 'All fields are required.'. */
export const ALL_FIELDS_REQUIRED = "All fields are required.";

export const eventSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, ALL_FIELDS_REQUIRED)
    .max(NAME_MAX * 2, "The event name is too long."),
  description: z.string().trim().min(1, ALL_FIELDS_REQUIRED).max(MESSAGE_MAX, "The description is too long."),
  date: z
    .string()
    .trim()
    .min(1, ALL_FIELDS_REQUIRED)
    .pipe(z.iso.date("Please enter the date as a calendar date, like 2027-05-14.")),
  location: z
    .string()
    .trim()
    .max(ADDRESS_MAX, "The location is too long.")
    .transform((value) => value || null),
});

export type EventInput = z.infer<typeof eventSchema>;
