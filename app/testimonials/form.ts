// The testimonial form's rules, enforced by the server action; the form reads the same limits from limits.ts.
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { TESTIMONIAL_AUTHOR_MAX, TESTIMONIAL_MESSAGE_MAX } from "~/testimonials/limits";

/** Spec §5: blank after trimming gets 'Please fill in all fields.'. */
export const FILL_IN_ALL_FIELDS = "Please fill in all fields.";

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
