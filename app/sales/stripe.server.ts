// The Stripe client, made only when STRIPE_SECRET_KEY is set: payment links are optional. The official
// library's Worker build (the `workerd` export condition) talks to Stripe through fetch and checks
// webhook signatures with SubtleCrypto.
import Stripe from "stripe";
import type { AppEnv } from "~/platform/env.server";

export type { Stripe };

/** Stripe's answer may take a while; a reply waits for it, so not forever. */
const STRIPE_TIMEOUT_MS = 10_000;

export function stripeOf(env: Pick<AppEnv, "STRIPE_SECRET_KEY">): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
  });
}

/** The event a webhook's body carries, once its signature (made with `secret`) is checked; null when it fails. */
export async function verifiedEvent(
  stripe: Stripe,
  body: string,
  signature: string | null,
  secret: string,
): Promise<Stripe.Event | null> {
  if (!signature) return null;
  try {
    // Stripe's default tolerance: a signature older than 5 minutes is refused, so a captured event cannot be replayed.
    return await stripe.webhooks.constructEventAsync(
      body,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}
