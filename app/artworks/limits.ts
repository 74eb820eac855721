// The artwork form's text fields and their caps (spec §5), kept free of zod so the form can give its
// fields these lengths in the browser; app/artworks/form.ts builds the server's rules from this table.
// A required field refuses a blank with the form's missing-field message; an optional one stores a
// blank as null.
export const ARTWORK_TEXT_FIELDS = {
  title: { max: 200, required: true },
  description: { max: 5000, required: true },
  medium: { max: 200, required: true },
  size: { max: 100, required: true },
  year: { max: 30, required: false },
  price: { max: 50, required: false },
} as const;

export type ArtworkTextField = keyof typeof ARTWORK_TEXT_FIELDS;
