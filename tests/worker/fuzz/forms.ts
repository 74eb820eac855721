// Each form's fields as the property tests generate them: mostly plausible, often hostile. One entry
// per form the site has; the tests combine them with formFields/encodedForm (./bodies, ./values).
import fc from "fast-check";
import { CATEGORIES } from "~/artworks/categories";
import { emailValue, fieldValue, INVALID_DATES, nastyString, payloadText } from "./values";

const nameValue = fieldValue(payloadText(100));
const messageValue = fieldValue(payloadText(5000));
/** The spec's inline Passkey field on admin forms: blank, or anything but the passkey. */
const wrongPasskey = fc.oneof(fc.constant(""), nastyString);

/** The enquiry on an artwork page (POST /post/:id). */
export const enquiryFields = {
  name: nameValue,
  email: emailValue,
  address: fieldValue(payloadText(500)),
  message: messageValue,
};

/** The contact form (POST /contact). */
export const contactFields = { name: nameValue, email: emailValue, message: messageValue };

/** Leaving a testimonial (POST /testimonials/add). */
export const testimonialFields = { author: fieldValue(payloadText(50)), message: fieldValue(payloadText(500)) };

const dateValue = fieldValue(
  fc.oneof(
    fc
      .date({ min: new Date("1900-01-01"), max: new Date("2999-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(...INVALID_DATES),
  ),
);

/** The event form (POST /create-event, /events/edit/:id). */
export const eventFields = {
  intent: fc.oneof({ weight: 6, arbitrary: fc.constant("save") }, { weight: 1, arbitrary: nastyString }),
  name: fieldValue(payloadText(200)),
  description: fieldValue(payloadText(5000)),
  date: dateValue,
  location: fieldValue(payloadText(500)),
  passkey: wrongPasskey,
};

/** The artwork form's text fields (POST /createPost, /edit/:id); its files come from filePart. */
export const artworkFields = {
  passkey: wrongPasskey,
  title: fieldValue(payloadText(200)),
  description: fieldValue(payloadText(5000)),
  medium: fieldValue(fc.constantFrom("Oil on canvas", "Acrylic <b>bold</b>", "🎨")),
  size: fieldValue(fc.constantFrom("40 x 30 cm", "1e309 x NaN", "∞ × ∞")),
  price: fieldValue(fc.constantFrom("", "  450 ", "200-300", "Contact for pricing", "-1", "99999999999999999999")),
  available: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("yes", "no", "") },
    { weight: 1, arbitrary: nastyString },
  ),
  categories: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CATEGORIES) }, { weight: 1, arbitrary: nastyString }),
  // A charity that may not exist, and shares right, wrong and over the price.
  charity: fieldValue(fc.constantFrom("", "no-such-charity", "../x")),
  share: fieldValue(fc.constantFrom("", "25%", "101%", "£50", "£99999999", "50", "%")),
};
