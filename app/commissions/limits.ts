// What a commission request may hold, kept free of zod so the form can check it in the browser; the
// server checks it again (app/commissions/request-form.ts, app/commissions/photos.server.ts).
import { IMAGE_MAX_BYTES } from "~/images/limits";
import { formatMegabytes, MEGABYTE } from "~/images/megabytes";

export const PHOTOS_MAX = 5;
export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;
export const TOO_MANY_PHOTOS = `You can send at most ${PHOTOS_MAX} photos with a request.`;
/** `which`: the photo as the visitor knows it ("“cat.jpg”", or "Photo 3" when the server cannot tell). */
export const PHOTO_TOO_LARGE = (which: string) =>
  `${which} is larger than ${formatMegabytes(PHOTO_MAX_BYTES)}. Please choose a smaller photo.`;

/** The request's body cap: five photos at their largest, and the text fields with room to spare. */
export const REQUEST_MAX_BYTES = PHOTOS_MAX * PHOTO_MAX_BYTES + MEGABYTE;

export const SIZE_MAX = 80;
/** Shorter than a contact message's: the request's details are written above it in the one stored message. */
export const REQUEST_MESSAGE_MAX = 4000;
export const BUDGET_MAX_PENCE = 10_000_000;

export const SUBJECT_LABELS = {
  pet: "A pet",
  people: "A person or a family",
  place: "A place",
  other: "Something else",
} as const;

/** Progress photos the artist shares at once, and a caption's length. */
export const PROGRESS_PHOTOS_MAX = 5;
export const CAPTION_MAX = 300;
export const TOO_MANY_PROGRESS_PHOTOS = `Share at most ${PROGRESS_PHOTOS_MAX} photos at a time.`;

export const MEDIUMS = ["Oil", "Acrylic", "Watercolour", "Not sure yet"] as const;

/** Set in a refusal's values when the photos chosen were not read (the challenge failed first): the picker keeps them. */
export const PHOTOS_UNREAD = "photosUnread";
