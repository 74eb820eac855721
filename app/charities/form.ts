// The charity form's rules (the settings screen, app/routes/charities.tsx), and the share field an
// artwork's form adds (app/artworks/form.ts).
import { z } from "zod";
import { checkbox, requiredText } from "~/forms/fields";
import { CHARITY_NUMBER_MESSAGE, charityNumberOf } from "~/charities/number";
import { SHARE_MESSAGE, shareOf, type Share } from "~/charities/share";
import { penceOf } from "~/ui/money";
import { todayIn } from "~/ui/dates";

export const CHARITY_NAME_MAX = 80;
export const CHARITY_ABOUT_MAX = 160;
export const CHARITY_WEBSITE_MAX = 200;

/** A share typed in a form: blank is none, anything else a share or a message. */
export const shareField = z
  .string()
  .trim()
  .transform((typed, context): Share | null => {
    if (typed === "") return null;
    const share = shareOf(typed);
    if (share) return share;
    context.addIssue({ code: "custom", message: SHARE_MESSAGE });
    return z.NEVER;
  });

export const charitySchema = z.object({
  name: requiredText(
    CHARITY_NAME_MAX,
    "Please give the charity's name.",
    `A name can be at most ${CHARITY_NAME_MAX} characters.`,
  ),
  number: z
    .string()
    .transform((typed) => charityNumberOf(typed))
    .pipe(z.string(CHARITY_NUMBER_MESSAGE)),
  website: z
    .string()
    .trim()
    .max(CHARITY_WEBSITE_MAX, `A website can be at most ${CHARITY_WEBSITE_MAX} characters.`)
    // Typed without its scheme ("www.candlelighters.org.uk"), it is the https address.
    .transform((typed) => (typed && !/^[a-z]+:/i.test(typed) ? `https://${typed}` : typed || null))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: "Give the website's address, like https://www.candlelighters.org.uk." })
        .nullable(),
    ),
  about: z.string().trim().max(CHARITY_ABOUT_MAX, `Keep it to one line of at most ${CHARITY_ABOUT_MAX} characters.`),
  usualShare: shareField,
  isDefault: checkbox(),
});

export type CharityInput = z.infer<typeof charitySchema>;

export const DONATION_REFERENCE_MAX = 100;
/** £1,000,000: far beyond a donation from an artist's sales, short of any sum that loses pennies. */
export const DONATION_PENCE_MAX = 100_000_000;

/** A donation she made: to which charity, how much, on what day, and its reference. */
export const donationSchema = z.object({
  charity: z
    .string()
    .min(1, "Please choose the charity you gave to.")
    .max(40, "Please choose the charity you gave to."),
  amount: z
    .string()
    .trim()
    .transform((typed, context) => {
      const pence = penceOf(typed);
      if (pence === null || pence < 1 || pence > DONATION_PENCE_MAX) {
        context.addIssue({ code: "custom", message: "Give the amount given in pounds, like 250 or 250.50." });
        return z.NEVER;
      }
      return pence;
    }),
  givenOn: z.iso
    .date("Please give the day it was given.")
    .refine((day) => day <= todayIn(), "The day it was given cannot be in the future."),
  reference: z
    .string()
    .trim()
    .max(DONATION_REFERENCE_MAX, `A reference can be at most ${DONATION_REFERENCE_MAX} characters.`),
});

export type DonationInput = z.infer<typeof donationSchema>;
