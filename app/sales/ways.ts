// How a sale was paid for and how the work reached its buyer: a short choice each, with the words the
// sales screens show. "not-recorded" is what the one-tap "Mark sold" leaves, to be completed later.

export const PAYMENTS = {
  "not-recorded": "Payment not recorded",
  "bank-transfer": "Bank transfer",
  card: "Card",
  cash: "Cash",
  paypal: "PayPal",
  stripe: "Stripe payment link",
  other: "Other",
} as const;
export type Payment = keyof typeof PAYMENTS;

export const SHIPPINGS = {
  "not-recorded": "Delivery not recorded",
  collected: "Collected in person",
  "hand-delivered": "Delivered by hand",
  post: "Royal Mail",
  courier: "Courier",
  other: "Other",
} as const;
export type Shipping = keyof typeof SHIPPINGS;

export const PAYMENT_VALUES = Object.keys(PAYMENTS) as [Payment, ...Payment[]];
export const SHIPPING_VALUES = Object.keys(SHIPPINGS) as [Shipping, ...Shipping[]];
