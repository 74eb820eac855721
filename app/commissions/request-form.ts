// The commission request's rules, enforced by the server; the form gives its fields the same limits.
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { email } from "~/messages/form";
import { NAME_MAX } from "~/messages/limits";
import { pounds } from "~/commissions/pounds-field";
import { MEDIUMS, REQUEST_MESSAGE_MAX, SIZE_MAX } from "~/commissions/limits";
import { COMMISSION_SUBJECTS } from "~/commissions/subjects";

/** The request as the form sends it; `today` (YYYY-MM-DD) is the first day a wanted-by date may name. */
export function requestSchema(today: string) {
  return z
    .object({
      subject: z.enum(COMMISSION_SUBJECTS, "Please choose what you would like painted."),
      medium: z.enum(MEDIUMS, "Please choose a medium, or “Not sure yet”."),
      size: requiredText(
        SIZE_MAX,
        "Please give a size, like 30 × 40 cm, or say you are not sure.",
        `The size can be at most ${SIZE_MAX} characters.`,
      ),
      budgetMin: pounds(
        "Please give the least you would like to spend, in pounds.",
        "Please give a number of pounds, like 300.",
      ),
      budgetMax: pounds(
        "Please give the most you would like to spend, in pounds.",
        "Please give a number of pounds, like 300.",
      ),
      wantedBy: z
        .string()
        .trim()
        .refine((date) => date === "" || z.iso.date().safeParse(date).success, "Please give a date, like 2027-03-01.")
        .refine((date) => date === "" || date >= today, "That date has passed: please choose a date from today on.")
        .transform((date) => date || null),
      message: requiredText(
        REQUEST_MESSAGE_MAX,
        "Please tell the artist about what you would like painted.",
        `Your message can be at most ${REQUEST_MESSAGE_MAX} characters.`,
      ),
      name: requiredText(NAME_MAX, "Please enter your name.", `Your name can be at most ${NAME_MAX} characters.`),
      email,
    })
    .refine((request) => request.budgetMin <= request.budgetMax, {
      path: ["budgetMax"],
      message: "This is less than the least you would spend: please check the two amounts.",
    });
}

export type CommissionRequest = z.infer<ReturnType<typeof requestSchema>>;
