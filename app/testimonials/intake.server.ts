// A visitor's testimonial is taken in like every visitor's form (app/forms/visitor-intake.server.ts): the
// spam guards, then stored pending (approved = false) within its hourly cap; it appears publicly only
// after the admin approves it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { answerVisitorForm, receiveVisitorForm, tryToStore } from "~/forms/visitor-intake.server";
import { db } from "~/platform/db.server";
import { testimonialSchema } from "~/testimonials/form";
import { SITE_BUSY_WITH_TESTIMONIALS, storeTestimonialWithinCap } from "~/testimonials/queries.server";

/** Spec §8: shown when the testimonial could not be stored. */
const STORE_FAILED = "An error occurred. Please try again later.";

/** Receives the testimonial form and answers it: what the action returns. */
export async function receiveTestimonial(request: Request, context: AppLoadContext) {
  const received = await receiveVisitorForm(request, context, testimonialSchema, "testimonial");
  if (received.outcome !== "accepted") return received.answer;
  const stored = await tryToStore(
    "a testimonial",
    storeTestimonialWithinCap(db(context.cloudflare.env), context.env, received.input),
  );
  return answerVisitorForm(stored, received, { failed: STORE_FAILED, busy: SITE_BUSY_WITH_TESTIMONIALS });
}
