// The charity form's rules (the settings screen, app/routes/charities.tsx), and the share field an
// artwork's form adds (app/artworks/form.ts).
import { z } from "zod";
import { checkbox, requiredText } from "~/forms/fields";
import { CHARITY_NUMBER_MESSAGE, charityNumberOf } from "~/charities/number";
import { SHARE_MESSAGE, shareOf, type Share } from "~/charities/share";

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
