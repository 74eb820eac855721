// The artist's reply from the Inbox, as one call for its route: her words alone, with her payment
// instructions (a site setting) after them, or, for an enquiry with Stripe configured, with a payment link
// for the agreed price that reserves the work (the sales desk). The three features meet here, above them.
import { z } from "zod";
import { penceOf } from "~/ui/money";
import { PRICE_PENCE_MAX } from "~/artworks/options";
import type { MailDeps } from "~/messages/deliver.server";
import { replySchema } from "~/messages/form";
import { replyToMessage } from "~/messages/inbox.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { replyWithPaymentLink, type PaymentLinkOutcome } from "~/sales/payment-links.server";
import { stripeOf } from "~/sales/stripe.server";
import { paymentInstructions } from "~/site/settings.server";

/** A reply: the message it answers and the words, and for an enquiry a payment link's price or the instructions box. */
export const inboxReplySchema = replySchema.extend({
  payLink: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const pence = penceOf(value);
      if (pence === null || pence < 100 || pence > PRICE_PENCE_MAX) {
        context.addIssue({ code: "custom", message: "Give the agreed price in pounds, like 450 or 450.50." });
        return z.NEVER;
      }
      return pence;
    }),
  addInstructions: z.string().transform((value) => value === "on"),
});

export type InboxReply = z.infer<typeof inboxReplySchema>;

export type InboxReplyOutcome = PaymentLinkOutcome | "no-stripe" | "no-instructions";

/** Sends reply `id` (the form's submission) the way its form asked; how it went, as replyToMessage says, or why not. */
export async function sendInboxReply(
  deps: MailDeps & { publicCache: PublicCache },
  id: string,
  reply: InboxReply,
): Promise<InboxReplyOutcome> {
  if (reply.payLink !== null) {
    const stripe = stripeOf(deps.env);
    if (!stripe) return "no-stripe";
    return replyWithPaymentLink(
      { ...deps, stripe },
      { id, messageId: reply.id, amountPence: reply.payLink, body: reply.body },
    );
  }
  if (!reply.addInstructions) return replyToMessage(deps, id, reply.id, reply.body);
  const instructions = await paymentInstructions(deps.database);
  if (!instructions) return "no-instructions";
  return replyToMessage(deps, id, reply.id, `${reply.body}\n\n${instructions}`);
}
