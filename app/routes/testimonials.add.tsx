import { type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import { db } from "~/platform/db.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { testimonialSchema } from "~/testimonials/form";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE_BUSY_WITH_TESTIMONIALS, storeTestimonialWithinCap } from "~/testimonials/queries.server";
import { AddTestimonialPage } from "~/testimonials/AddTestimonialPage";
import styles from "~/testimonials/testimonials.css?url";
import { receiveVisitorForm } from "~/forms/spam.server";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";

/** Spec §8: shown when the testimonial could not be stored. */
const STORE_FAILED = "An error occurred. Please try again later.";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Share Your Experience",
    description: "Bought a painting or commissioned a piece? Share your experience in a short testimonial.",
    url: absoluteUrl(siteUrlOf(matches), "/testimonials/add"),
  });

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  const received = await receiveVisitorForm(request, context, testimonialSchema);
  if (received.outcome === "trap") return formSuccess();
  if (received.outcome === "refused") return received.response;

  let stored;
  try {
    // Stored pending (approved = false): it appears publicly only after the admin approves it.
    stored = await storeTestimonialWithinCap(db(context.cloudflare.env), context.env, received.input);
  } catch (error) {
    console.error("Storing a testimonial failed:", error);
    return formFailure(503, { kept: received, formError: STORE_FAILED });
  }
  if (!stored) return formFailure(429, { kept: received, formError: SITE_BUSY_WITH_TESTIMONIALS });
  return formSuccess();
}

export default function AddTestimonial() {
  return <AddTestimonialPage />;
}
