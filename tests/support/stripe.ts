// Stripe's API, faked at the HTTP boundary through the one outbound fake: records each request the
// official library sends (path, headers, the form-encoded body as Stripe reads it) and answers as Stripe
// does, with a payment link object, or with an error when told to. Webhook events are signed as Stripe
// signs them (the library's own test header, HMAC-SHA256 over "timestamp.payload").
import Stripe from "stripe";
import { http, HttpResponse, outbound } from "./outbound";

export const STRIPE_TEST = {
  secretKey: "sk_test_0123456789abcdefghijklmn",
  webhookSecret: "whsec_test_0123456789abcdefghijklmnopqrstuv",
};

/** The env a whole request needs for payment links (passed to fetchWithEnv). */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: STRIPE_TEST.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST.webhookSecret,
};

export type StripeCall = { method: string; path: string; headers: Headers; form: URLSearchParams };

const API = "https://api.stripe.com";

/**
 * Payment links as Stripe keeps them: created (once per Idempotency-Key, as Stripe answers a repeated key
 * with its first answer) and deactivated. `failing` makes every call answer 500 until set back.
 */
export function fakeStripe() {
  const calls: StripeCall[] = [];
  const byKey = new Map<string, Record<string, unknown>>();
  const state = { failing: false, made: 0 };
  // msw's request type: the fields read here are the same as the platform's.
  const record = async (request: {
    url: string;
    method: string;
    headers: Headers;
    clone(): { arrayBuffer(): Promise<ArrayBuffer> };
  }) => {
    // Decoded from bytes: workerd warns when .text() reads a body not typed as text.
    const form = new URLSearchParams(new TextDecoder().decode(await request.clone().arrayBuffer()));
    calls.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, form });
    return form;
  };
  const failure = () =>
    HttpResponse.json(
      { error: { type: "api_error", message: "An unknown error occurred (test)." } },
      { status: 500, headers: { "Stripe-Should-Retry": "false" } },
    );
  outbound.use(
    http.post(`${API}/v1/payment_links`, async ({ request }) => {
      const form = await record(request);
      if (state.failing) return failure();
      const key = request.headers.get("Idempotency-Key") ?? crypto.randomUUID();
      let link = byKey.get(key);
      if (!link) {
        state.made += 1;
        const id = `plink_test${String(state.made).padStart(6, "0")}`;
        link = {
          id,
          object: "payment_link",
          active: true,
          livemode: false,
          currency: form.get("line_items[0][price_data][currency]"),
          metadata: { paymentLink: form.get("metadata[paymentLink]"), artwork: form.get("metadata[artwork]") },
          restrictions: {
            completed_sessions: { count: 0, limit: Number(form.get("restrictions[completed_sessions][limit]")) },
          },
          url: `https://buy.stripe.com/test_${id}`,
        };
        byKey.set(key, link);
      }
      return HttpResponse.json(link);
    }),
    http.post(`${API}/v1/payment_links/:id`, async ({ request, params }) => {
      const form = await record(request);
      if (state.failing) return failure();
      const link = [...byKey.values()].find((each) => each.id === params.id);
      if (!link) {
        return HttpResponse.json(
          { error: { type: "invalid_request_error", message: `No such payment_link: '${String(params.id)}'` } },
          { status: 404 },
        );
      }
      if (form.has("active")) link.active = form.get("active") === "true";
      return HttpResponse.json(link);
    }),
  );
  return {
    calls,
    state,
    /** The calls that made a link, and those that deactivated one. */
    creations: () => calls.filter((call) => call.path === "/v1/payment_links"),
    deactivations: () => calls.filter((call) => call.path.startsWith("/v1/payment_links/")),
  };
}

/** A checkout of payment link `linkId` (ours), paid by card, with the buyer and the shipping address Stripe collected. */
export function paidCheckout(linkId: string, overrides: Partial<Stripe.Checkout.Session> = {}) {
  return {
    id: `cs_test_${linkId}`,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: 45000,
    currency: "gbp",
    payment_link: "plink_test000001",
    metadata: { paymentLink: linkId },
    customer_details: {
      email: "Ada.Collector@Example.com",
      name: "Ada Collector",
      address: {
        line1: "4 The Headrow",
        line2: null,
        city: "Leeds",
        state: null,
        postal_code: "LS1 6PU",
        country: "GB",
      },
    },
    collected_information: {
      shipping_details: {
        name: "Ada Collector",
        address: {
          line1: "4 The Headrow",
          line2: "Flat 2",
          city: "Leeds",
          state: null,
          postal_code: "LS1 6PU",
          country: "GB",
        },
      },
    },
    ...overrides,
  };
}

/** An event as Stripe sends it: its JSON body and the Stripe-Signature header, signed `ageSeconds` ago. */
export async function signedEvent(
  object: Record<string, unknown>,
  { type = "checkout.session.completed", ageSeconds = 0, secret = STRIPE_TEST.webhookSecret } = {},
): Promise<{ body: string; signature: string }> {
  const created = Math.floor(Date.now() / 1000) - ageSeconds;
  const body = JSON.stringify({
    id: `evt_test_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    type,
    data: { object },
  });
  const stripe = new Stripe(STRIPE_TEST.secretKey);
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret,
    timestamp: created,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { body, signature };
}
