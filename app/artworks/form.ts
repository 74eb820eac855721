// The artwork form's rules (images travel separately and are checked by the upload), enforced by the
// create and edit actions.
import { z } from "zod";
import { CATEGORIES } from "~/artworks/categories";
import { checkbox, requiredText } from "~/forms/fields";
import { ARTWORK_TEXT_FIELDS, type ArtworkTextField } from "~/artworks/limits";

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

/** The artwork form's fields (images travel separately); `required` is the form's missing-field message. */
export function artworkSchema(required: string) {
  return z.object({
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
  });
}

export type ArtworkInput = z.infer<ReturnType<typeof artworkSchema>>;
