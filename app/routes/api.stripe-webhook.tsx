import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { db } from "~/platform/db.server";
import { bodyText } from "~/platform/body-cap.server";
import { receiveStripeEvent } from "~/sales/stripe-payments.server";
import { stripeOf } from "~/sales/stripe.server";

// POST /api/stripe-webhook: Stripe's events for the payment links (docs/operations.md, "Stripe payment
// links"). 400 for a missing, wrong or old signature, with nothing recorded; 200 once the event is acted
// on or is not one the site needs; 500 when the sale could not be written, so Stripe delivers it again.
// 404 while Stripe is not configured.

/** Stripe's checkout events are a few kilobytes; far more is not Stripe. */
export const bodyCap = 128 * 1024;

export async function action({ request, context }: ActionFunctionArgs) {
  const stripe = stripeOf(context.env);
  const webhookSecret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !webhookSecret) return answer(404, { error: "Stripe is not configured." });
  if (request.method !== "POST") return answer(405, { error: "Use POST." });
  const outcome = await receiveStripeEvent(
    {
      env: context.env,
      database: db(context.cloudflare.env),
      images: context.cloudflare.env,
      publicCache: context.publicCache,
      stripe,
      webhookSecret,
    },
    await bodyText(request),
    request.headers.get("Stripe-Signature"),
  );
  if (outcome === "bad-signature") return answer(400, { error: "The signature is missing, wrong or too old." });
  return answer(200, { received: true, outcome });
}

export function loader() {
  return answer(405, { error: "Use POST." });
}

// A resource route answers with plain Responses (Remix's data() is for routes that render).
function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: status === 405 ? { Allow: "POST" } : undefined });
}
