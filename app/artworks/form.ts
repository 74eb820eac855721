// The artwork form's rules (images travel separately and are checked by the upload), enforced by the
// create and edit actions.
import { z } from "zod";
import { CATEGORIES } from "~/artworks/categories";
import { checkbox, requiredText } from "~/forms/fields";
import { ARTWORK_TEXT_FIELDS, type ArtworkTextField } from "~/artworks/limits";
import {
  EDITION_MAX,
  OPTION_LABEL_MAX,
  OPTION_SIZE_MAX,
  OPTIONS_MAX,
  PRICE_PENCE_MAX,
  type ArtworkOption,
} from "~/artworks/options";
import { OPTION_FIELDS } from "~/artworks/option-rows";
import { formatPence, penceOf } from "~/ui/money";
import { amountsOf } from "~/artworks/price";
import { shareField } from "~/charities/form";
import { shareText, type Share } from "~/charities/share";
import { newId } from "~/platform/id";

/** Spec §5/§8: the create and edit forms word their missing-field message differently. */
export const CREATE_ARTWORK_REQUIRED = "Please fill out all required fields and select at least one category.";
export const EDIT_ARTWORK_REQUIRED =
  "Please fill out all required fields (title, description, medium, size) and select at least one category.";

type Fields = typeof ARTWORK_TEXT_FIELDS;
/** Each text field's rule: required ones give the trimmed text, optional ones the text or null when blank. */
type TextRules = {
  [K in ArtworkTextField]: Fields[K]["required"] extends true
    ? z.ZodType<string, string>
    : z.ZodType<string | null, string>;
};

function textRules(required: string): TextRules {
  const rules: Record<string, z.ZodType<string | null, string>> = {};
  for (const [name, field] of Object.entries(ARTWORK_TEXT_FIELDS) as [ArtworkTextField, Fields[ArtworkTextField]][]) {
    const tooLong = `The ${name} can be at most ${field.max} characters.`;
    rules[name] = field.required
      ? requiredText(field.max, required, tooLong)
      : // Spec §5 (price): optional, trimmed, blank stored as null.
        z
          .string()
          .trim()
          .max(field.max, tooLong)
          .transform((value) => value || null);
  }
  return rules as TextRules;
}

export const TOO_MANY_OPTIONS = `An artwork can have at most ${OPTIONS_MAX} options.`;

/** A whole number from `min` to EDITION_MAX typed in a field, blank read as `blank`. */
const count = <B extends number | null>(min: number, blank: B, message: string) =>
  z
    .string()
    .trim()
    .transform((typed, ctx): number | B => {
      if (typed === "") return blank;
      const value = /^\d{1,6}$/.test(typed) ? Number(typed) : NaN;
      if (value >= min && value <= EDITION_MAX) return value;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

const edition = count(1, null, "Please give the edition as a whole number, or leave it blank for an open edition.");
const sold = count(0, 0, "Please give how many are sold as a whole number, or leave it blank for none.");

const optionRow = z
  .object({
    // Kept from the stored option; a new row gets its id when it is saved.
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{0,40}$/, "That option was not understood.")
      .transform((id) => id || newId()),
    label: requiredText(
      OPTION_LABEL_MAX,
      "Please give the option a label, for example A3 giclée print.",
      `A label can be at most ${OPTION_LABEL_MAX} characters.`,
    ),
    size: z.string().trim().max(OPTION_SIZE_MAX, `A size can be at most ${OPTION_SIZE_MAX} characters.`),
    price: z
      .string()
      .transform((typed) => penceOf(typed))
      .pipe(
        z
          .number("Please give the price in pounds, for example 45 or 45.50.")
          .max(PRICE_PENCE_MAX, "That price is more than this form takes."),
      ),
    edition,
    sold,
    // Blank: the artwork's share holds (app/charities/share.ts, saleShare).
    share: shareField.optional(),
  })
  .transform(({ price, share, ...option }): ArtworkOption => ({
    ...option,
    pricePence: price,
    ...(share ? { share } : {}),
  }));

/** An edition smaller than the number sold, said even while another field of the row is wrong. */
function editionProblem(row: Record<string, string>): string | undefined {
  const limited = edition.safeParse(row.edition ?? "");
  const counted = sold.safeParse(row.sold ?? "");
  if (!limited.success || !counted.success || limited.data === null) return undefined;
  return counted.data > limited.data
    ? `The edition cannot be smaller than the number sold (${counted.data}).`
    : undefined;
}

/** A row left wholly blank (the no-JavaScript form's spare row, or one cleared) is no option. */
const isBlank = (row: Record<string, string>) =>
  Object.entries(row).every(([key, value]) => key === "id" || value.trim() === "");

/** An artwork's option rows: blank ones dropped, every other one checked where it stands (its messages keep its place). */
const optionRows = z
  .array(z.record(z.string(), z.string()))
  .transform((rows, ctx): ArtworkOption[] => {
    const options: ArtworkOption[] = [];
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (isBlank(row)) return;
      const parsed = optionRow.safeParse(row);
      const problem = editionProblem(row);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: [index, "edition"] });
      // An id sent twice (a hand-made form) would make two options one: the later becomes a new option.
      if (parsed.success) options.push(seen.has(parsed.data.id) ? { ...parsed.data, id: newId() } : parsed.data);
      if (parsed.success) seen.add(parsed.data.id);
      else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [index, ...issue.path] });
    });
    return options;
  })
  .refine((options) => options.length <= OPTIONS_MAX, TOO_MANY_OPTIONS);

/** How the form sends an artwork's options: one list per row field (app/artworks/option-rows.ts). */
export const ARTWORK_FORM_ROWS = { options: OPTION_FIELDS };

/** The artwork form's fields (images travel separately); `required` is the form's missing-field message. */
export function artworkSchema(required: string) {
  return z
    .object({
      ...textRules(required),
      available: z.enum(["yes", "no", ""], "Please choose Available or Sold.").transform((value) => value || "yes"),
      // Ticked boxes in form order; the first becomes the artwork's `category`.
      categories: z
        .array(z.string())
        .min(1, required)
        .pipe(z.array(z.enum(CATEGORIES, "Please choose categories from the list.")))
        .transform((values) => [...new Set(values)]),
      draft: checkbox(),
      featured: checkbox(),
      options: optionRows,
      // The charity its sale supports (an id from the charities list, or blank) and the share it gives.
      charity: z.string().regex(/^[A-Za-z0-9_-]{0,40}$/, "Please choose a charity from the list."),
      share: shareField,
    })
    .superRefine((artwork, context) => {
      const problem = shareProblem(artwork);
      if (problem) context.addIssue({ code: "custom", message: problem, path: ["share"] });
      artwork.options.forEach((option, index) => {
        const own = optionShareProblem(artwork.charity, option);
        if (own) context.addIssue({ code: "custom", message: own, path: ["options", index, "share"] });
      });
    });
}

/** What is wrong with an option's own share, if anything. */
function optionShareProblem(charity: string, option: ArtworkOption): string | undefined {
  if (!option.share) return undefined;
  if (!charity) return "A share needs the artwork's charity: choose it under Charity, or leave this share blank.";
  return "pence" in option.share && option.share.pence > option.pricePence
    ? `${shareText(option.share)} is more than this option's price of ${formatPence(option.pricePence)}.`
    : undefined;
}

/** What is wrong with an artwork's charity and share together, if anything. */
function shareProblem({
  charity,
  share,
  price,
  options,
}: {
  charity: string;
  share: Share | null;
  price: string | null;
  options: ArtworkOption[];
}): string | undefined {
  if (share && !charity) return "Choose the charity this share supports, or leave the share blank.";
  if (charity && !share) return "Give the share of a sale this charity receives, like 25% or £50.";
  if (!share || !("pence" in share)) return undefined;
  // A fixed amount more than the lowest price it could be sold at would pledge more than was paid
  // (options with their own share are checked on their own).
  const sharing = options.filter((option) => !option.share).map((option) => option.pricePence);
  const lowest = options.length > 0 ? (sharing.length > 0 ? Math.min(...sharing) : undefined) : amountsOf(price)?.[0];
  return lowest !== undefined && share.pence > lowest
    ? `${shareText(share)} is more than the price of ${formatPence(lowest)}: give a smaller amount or a percentage.`
    : undefined;
}

export type ArtworkInput = z.infer<ReturnType<typeof artworkSchema>>;
