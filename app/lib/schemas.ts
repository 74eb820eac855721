// Validation of every visitor form, shared by the server actions (the authority) and the forms
// (maxLength, counters, through ~/lib/limits). Messages are what the visitor reads next to the field.
import { z } from "zod";

import { CATEGORIES } from "~/lib/categories";
import {
  ADDRESS_MAX,
  EMAIL_MAX,
  FILL_IN_ALL_FIELDS,
  MEDIUM_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  PRICE_MAX,
  SIZE_MAX,
  TESTIMONIAL_AUTHOR_MAX,
  TESTIMONIAL_MESSAGE_MAX,
  TITLE_MAX,
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

/** Spec §5/§8: the create and edit forms word their missing-field message differently. */
export const CREATE_POST_REQUIRED = "Please fill out all required fields and select at least one category.";
export const EDIT_POST_REQUIRED =
  "Please fill out all required fields (title, description, medium, size) and select at least one category.";

/** The artwork form's fields (images travel separately); `required` is the form's missing-field message. */
export function postSchema(required: string) {
  return z.object({
    title: text(TITLE_MAX, required, `The title can be at most ${TITLE_MAX} characters.`),
    description: text(MESSAGE_MAX, required, `The description can be at most ${MESSAGE_MAX} characters.`),
    medium: text(MEDIUM_MAX, required, `The medium can be at most ${MEDIUM_MAX} characters.`),
    size: text(SIZE_MAX, required, `The size can be at most ${SIZE_MAX} characters.`),
    // Spec §5: optional, trimmed, blank stored as null.
    price: z
      .string()
      .trim()
      .max(PRICE_MAX, `The price can be at most ${PRICE_MAX} characters.`)
      .transform((value) => value || null),
    available: z.enum(["yes", "no", ""], "Please choose Available or Sold.").transform((value) => value || "yes"),
    // Ticked boxes in form order; the first becomes the post's `category`.
    categories: z
      .array(z.string())
      .min(1, required)
      .pipe(z.array(z.enum(CATEGORIES, "Please choose categories from the list.")))
      .transform((values) => [...new Set(values)]),
  });
}

export type PostInput = z.infer<ReturnType<typeof postSchema>>;
