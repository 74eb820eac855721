// The enquiry and contact forms' rules, and the artist's reply's, enforced by the server actions.
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { ADDRESS_MAX, EMAIL_MAX, MESSAGE_MAX, NAME_MAX, REPLY_MAX } from "~/messages/limits";

/** A visitor's e-mail address, as the forms take it (and a restore checks it). */
export const email = z
  .string()
  .trim()
  .min(1, "Please enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .pipe(z.email("Please enter a valid email address, like name@example.com."));

export const enquirySchema = z.object({
  name: requiredText(NAME_MAX, "Please enter your full name.", `Your name can be at most ${NAME_MAX} characters.`),
  email,
  address: requiredText(
    ADDRESS_MAX,
    "Please enter your address.",
    `Your address can be at most ${ADDRESS_MAX} characters.`,
  ),
  message: requiredText(
    MESSAGE_MAX,
    "Please enter a message.",
    `Your message can be at most ${MESSAGE_MAX} characters.`,
  ),
});

/** An enquiry about an artwork sold in options: which one it asks about, by the option's id. */
export function enquiryAboutSchema(optionIds: string[]) {
  const [first, ...rest] = optionIds;
  if (!first) return enquirySchema;
  return enquirySchema.extend({
    option: z.enum([first, ...rest], "Please choose which option you are asking about."),
  });
}

export const contactSchema = z.object({
  name: requiredText(NAME_MAX, "Please enter your name.", `Your name can be at most ${NAME_MAX} characters.`),
  email,
  message: requiredText(
    MESSAGE_MAX,
    "Please enter a message.",
    `Your message can be at most ${MESSAGE_MAX} characters.`,
  ),
});

/** The artist's reply to a message, from the Inbox. */
export const replySchema = z.object({
  id: z.string().min(1).max(100),
  body: requiredText(REPLY_MAX, "Please write your reply.", `A reply can be at most ${REPLY_MAX} characters.`),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;
export type ContactInput = z.infer<typeof contactSchema>;
