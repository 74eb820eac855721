// The sale form's rules (record a sale, from an enquiry or from the artwork), enforced by the server.
import { z } from "zod";
import { penceOf } from "~/ui/money";
import { EDITION_MAX, PRICE_PENCE_MAX } from "~/artworks/options";
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX } from "~/messages/limits";
import { PAYMENT_VALUES, SHIPPING_VALUES } from "~/sales/ways";

export const SALE_NOTE_MAX = 1000;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null);

/** What a sale says beyond what was sold: the price, the day, how, to whom, and a note. */
const saleDetails = z.object({
  price: z
    .string()
    .trim()
    .min(1, "Please enter the price paid.")
    .transform((value, context) => {
      const pence = penceOf(value);
      if (pence === null || pence > PRICE_PENCE_MAX) {
        context.addIssue({ code: "custom", message: "Give the price paid in pounds, like 450 or 450.50." });
        return z.NEVER;
      }
      return pence;
    }),
  soldOn: z.iso.date("Please give the day of the sale."),
  payment: z.enum(PAYMENT_VALUES, "Please choose how it was paid."),
  shipping: z.enum(SHIPPING_VALUES, "Please choose how it reached its buyer."),
  name: optionalText(NAME_MAX, `A name can be at most ${NAME_MAX} characters.`),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, "That email address is too long.")
    .refine(
      (value) => value === "" || z.email().safeParse(value).success,
      "Give a valid email address, like name@example.com.",
    )
    .transform((value) => (value ? value.toLowerCase() : null)),
  address: optionalText(ADDRESS_MAX, `An address can be at most ${ADDRESS_MAX} characters.`),
  note: z.string().trim().max(SALE_NOTE_MAX, `A note can be at most ${SALE_NOTE_MAX} characters.`),
});

type Details = z.infer<typeof saleDetails>;

/** A collector is known by their e-mail address: a buyer is recorded with both, or not at all. */
function buyerRule(sale: Details, context: z.RefinementCtx) {
  if (sale.name && !sale.email) {
    context.addIssue({
      code: "custom",
      path: ["email"],
      message: "Add the buyer's email address: a collector is known by it.",
    });
  }
  if (sale.email && !sale.name) {
    context.addIssue({ code: "custom", path: ["name"], message: "Add the buyer's name." });
  }
}

/** The buyer the form names, or null for a sale with no buyer recorded. */
export function buyerOf(sale: Details): { name: string; email: string; address: string | null } | null {
  return sale.name && sale.email ? { name: sale.name, email: sale.email, address: sale.address } : null;
}

/** Record a Sale: what was sold, and its details. */
export const saleSchema = saleDetails
  .extend({
    artwork: z.string().min(1).max(100),
    option: z.string().max(40),
    editionNumber: z
      .string()
      .trim()
      .refine((value) => value === "" || /^\d{1,6}$/.test(value), "Give the print's number as a whole number, like 7.")
      .transform((value) => (value === "" ? null : Number(value)))
      .refine((value) => value === null || (value >= 1 && value <= EDITION_MAX), "That number is not in the edition."),
    enquiry: z.string().max(100),
  })
  .superRefine(buyerRule);

/** A sale's page: its details changed (a sale from the one tap completed with its buyer and price). */
export const saleChangeSchema = saleDetails.superRefine(buyerRule);

export type SaleInput = z.infer<typeof saleSchema>;

/** Why a sale was not recorded, said on the field it concerns (or the whole form) and with its status. */
export const SALE_REFUSALS = {
  missing: { status: 404, field: "form", message: "That artwork no longer exists." },
  "missing-option": { status: 409, field: "option", message: "That option no longer exists: choose another." },
  "needs-option": { status: 400, field: "option", message: "Please choose which option was sold." },
  "already-sold": {
    status: 409,
    field: "form",
    message: "This original is sold already: undo that sale first if it did not go ahead.",
  },
  "sold-out": { status: 409, field: "option", message: "That option is sold out." },
  "edition-out-of-range": { status: 400, field: "editionNumber", message: "That number is not in the edition." },
  "edition-taken": {
    status: 409,
    field: "editionNumber",
    message: "That print number is sold already: give another, or leave it blank for the next free one.",
  },
  changed: {
    status: 409,
    field: "form",
    message: "The artwork changed while you were recording this sale. Check it and record the sale again.",
  },
} as const;

/** The longest a reservation is given by default, and at most: a week, and a quarter of a year. */
export const RESERVE_DAYS = 7;
export const RESERVE_MAX_DAYS = 90;

/** Reserve: the work (or a print of an option), who it is held for, and the last day. */
export const reserveSchema = z.object({
  artwork: z.string().min(1).max(100),
  option: z.string().max(40),
  name: z
    .string()
    .trim()
    .min(1, "Please say who it is held for.")
    .max(NAME_MAX, `A name can be at most ${NAME_MAX} characters.`),
  until: z.iso.date("Please give the last day it is held."),
  enquiry: z.string().max(100),
});

/** Why a work was not reserved, said on the field it concerns (or the whole form), with its status. */
export const RESERVE_REFUSALS = {
  past: { status: 400, field: "until", message: "That day has passed: give today or a later day." },
  missing: { status: 404, field: "form", message: "That artwork no longer exists." },
  "needs-option": { status: 400, field: "option", message: "Please choose which option a print is held of." },
  "missing-option": { status: 409, field: "option", message: "That option no longer exists: choose another." },
  sold: { status: 409, field: "form", message: "It is sold already, so it cannot be held." },
  "held-already": {
    status: 409,
    field: "form",
    message: "It is held for someone already: end that reservation first on the Sales page.",
  },
  changed: {
    status: 409,
    field: "form",
    message: "The artwork changed while you were reserving it. Check it and reserve it again.",
  },
} as const;

/** The artist's payment instructions (a site setting, added to a reply on request): at most this long. */
export const PAYMENT_INSTRUCTIONS_MAX = 1000;

export const paymentInstructionsSchema = z.object({
  intent: z.literal("instructions"),
  instructions: z
    .string()
    .trim()
    .max(PAYMENT_INSTRUCTIONS_MAX, `Instructions can be at most ${PAYMENT_INSTRUCTIONS_MAX} characters.`),
});
