// The testimonial form's rules, enforced by the server action; limits shared with the form through ~/forms/limits.
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { FILL_IN_ALL_FIELDS, TESTIMONIAL_AUTHOR_MAX, TESTIMONIAL_MESSAGE_MAX } from "~/forms/limits";

export const testimonialSchema = z.object({
  author: requiredText(
    TESTIMONIAL_AUTHOR_MAX,
    FILL_IN_ALL_FIELDS,
    `Your name can be at most ${TESTIMONIAL_AUTHOR_MAX} characters.`,
  ),
  message: requiredText(
    TESTIMONIAL_MESSAGE_MAX,
    FILL_IN_ALL_FIELDS,
    `Your testimonial can be at most ${TESTIMONIAL_MESSAGE_MAX} characters.`,
  ),
});

export type TestimonialInput = z.infer<typeof testimonialSchema>;
