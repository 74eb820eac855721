// Admin lists send the start of each long text (a message, a testimonial, an event's description) and
// the whole only when asked for (?read=<id>), so a page of 25 stays light however long the texts.

/** Characters of a long text a list shows before "Read all". */
export const PREVIEW_CHARACTERS = 100;

/** `text` cut to its preview, unless `whole` asks for all of it; `whole` in the answer says what was sent. */
export function preview(text: string, whole = false): { text: string; whole: boolean } {
  if (whole || text.length <= PREVIEW_CHARACTERS) return { text, whole: true };
  return { text: `${text.slice(0, PREVIEW_CHARACTERS).trimEnd()}…`, whole: false };
}
