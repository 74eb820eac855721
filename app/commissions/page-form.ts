// The commissions page's editor (/commissions/edit): its fields, their limits (the form gives them the same) and
// the server's rules. The lists (subjects, price guide, steps) are rows of fields (app/forms/row-changes.ts).
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import type { Row } from "~/forms/row-changes";
import { poundsText } from "~/ui/money";
import { pounds } from "~/commissions/pounds-field";
import type { CommissionsContent } from "~/commissions/content";

export const INTRO_MAX = 600;
export const NOTE_MAX = 600;
export const TITLE_MAX = 60;
export const TEXT_MAX = 300;
export const GUIDE_SIZE_MAX = 40;
export const SUBJECTS_MAX = 8;
export const PRICES_MAX = 10;
export const STEPS_MAX = 8;

export const PAGE_EDITED_ELSEWHERE =
  "The commissions page was saved elsewhere while you were editing, so your changes were not saved. They are kept below: check them against the page and save again.";

export const SUBJECT_FIELDS = { title: "subjectTitle", text: "subjectText" } as const;
export const PRICE_FIELDS = { size: "priceSize", from: "priceFrom" } as const;
export const STEP_FIELDS = { title: "stepTitle", text: "stepText" } as const;

/** The editor's row groups, by the schema field that reads them. */
export const PAGE_FORM_ROWS = { subjects: SUBJECT_FIELDS, prices: PRICE_FIELDS, steps: STEP_FIELDS };

const titledRows = (what: string, max: number) =>
  z
    .array(
      z.object({
        title: requiredText(TITLE_MAX, "Please give a heading.", `A heading can be at most ${TITLE_MAX} characters.`),
        text: requiredText(TEXT_MAX, "Please write a line or two.", `This can be at most ${TEXT_MAX} characters.`),
      }),
    )
    .min(1, `Please give at least one ${what}.`)
    .max(max, `The page can show at most ${max} ${what}s.`);

export const pageSchema = z.object({
  intro: requiredText(
    INTRO_MAX,
    "Please say in a sentence or two what you paint to order.",
    `The introduction can be at most ${INTRO_MAX} characters.`,
  ),
  subjects: titledRows("subject", SUBJECTS_MAX),
  prices: z
    .array(
      z.object({
        size: requiredText(
          GUIDE_SIZE_MAX,
          "Please give a size, like 30 × 40 cm.",
          `A size can be at most ${GUIDE_SIZE_MAX} characters.`,
        ),
        from: pounds("Please give the price it starts from, in pounds.", "Please give a number of pounds, like 280."),
      }),
    )
    .max(PRICES_MAX, `The price guide can have at most ${PRICES_MAX} sizes.`),
  pricesNote: z.string().trim().max(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters.`),
  leadTime: requiredText(
    NOTE_MAX,
    "Please say how long a commission usually takes.",
    `This can be at most ${NOTE_MAX} characters.`,
  ),
  steps: titledRows("step", STEPS_MAX),
});

export type PageInput = z.infer<typeof pageSchema>;

/** The page as the form sends it, saved. */
export function contentOf(input: PageInput): CommissionsContent {
  return { ...input, prices: input.prices.map(({ size, from }) => ({ size, fromPence: from })) };
}

/** The rows the editor first shows for the page as saved. */
export function rowsOf(content: CommissionsContent) {
  return {
    subjects: content.subjects satisfies Row<typeof SUBJECT_FIELDS>[],
    prices: content.prices.map(({ size, fromPence }) => ({ size, from: poundsText(fromPence) })),
    steps: content.steps satisfies Row<typeof STEP_FIELDS>[],
  };
}
