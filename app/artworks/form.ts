// The artwork form's rules (images travel separately and are checked by the upload), enforced by the
// create and edit actions.
import { z } from "zod";
import { CATEGORIES } from "~/artworks/categories";
import { requiredText } from "~/forms/fields";
import { DESCRIPTION_MAX, MEDIUM_MAX, PRICE_MAX, SIZE_MAX, TITLE_MAX } from "~/artworks/limits";

/** Spec §5/§8: the create and edit forms word their missing-field message differently. */
export const CREATE_ARTWORK_REQUIRED = "Please fill out all required fields and select at least one category.";
export const EDIT_ARTWORK_REQUIRED =
  "Please fill out all required fields (title, description, medium, size) and select at least one category.";

/** The artwork form's fields (images travel separately); `required` is the form's missing-field message. */
export function artworkSchema(required: string) {
  return z.object({
    title: requiredText(TITLE_MAX, required, `The title can be at most ${TITLE_MAX} characters.`),
    description: requiredText(
      DESCRIPTION_MAX,
      required,
      `The description can be at most ${DESCRIPTION_MAX} characters.`,
    ),
    medium: requiredText(MEDIUM_MAX, required, `The medium can be at most ${MEDIUM_MAX} characters.`),
    size: requiredText(SIZE_MAX, required, `The size can be at most ${SIZE_MAX} characters.`),
    // Spec §5: optional, trimmed, blank stored as null.
    price: z
      .string()
      .trim()
      .max(PRICE_MAX, `The price can be at most ${PRICE_MAX} characters.`)
      .transform((value) => value || null),
    available: z.enum(["yes", "no", ""], "Please choose Available or Sold.").transform((value) => value || "yes"),
    // Ticked boxes in form order; the first becomes the artwork's `category`.
    categories: z
      .array(z.string())
      .min(1, required)
      .pipe(z.array(z.enum(CATEGORIES, "Please choose categories from the list.")))
      .transform((values) => [...new Set(values)]),
  });
}

export type ArtworkInput = z.infer<ReturnType<typeof artworkSchema>>;
