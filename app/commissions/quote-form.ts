// The artist's quote for a commission: the price, the deposit that starts the work (none, or up to the
// price), the day she expects to deliver, and her words to the client.
import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { REPLY_MAX } from "~/messages/limits";
import { pounds } from "~/commissions/pounds-field";

export function quoteSchema(today: string) {
  return z
    .object({
      price: pounds("Give the price in pounds.", "Give an amount in pounds, like 350 or 350.50.").refine(
        (pence) => pence >= 100,
        "The price is at least £1.",
      ),
      deposit: pounds("Give the deposit in pounds (0 for none).", "Give an amount in pounds, like 350 or 350.50."),
      expectedOn: z
        .string()
        .trim()
        .pipe(z.iso.date("Give the day you expect to deliver it."))
        .refine((date) => date >= today, "That day has passed: choose one from today on."),
      body: requiredText(
        REPLY_MAX,
        "Write a few words to go with the quote.",
        `Your words can be at most ${REPLY_MAX} characters.`,
      ),
    })
    .refine((quote) => quote.deposit <= quote.price, {
      path: ["deposit"],
      message: "The deposit is more than the price: please check the two amounts.",
    });
}

export type Quote = z.infer<ReturnType<typeof quoteSchema>>;
