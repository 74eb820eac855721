import { type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { AddTestimonialPage } from "~/testimonials/AddTestimonialPage";
import styles from "~/testimonials/testimonials.css?url";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import { receiveTestimonial } from "~/testimonials/intake.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Share Your Experience",
    description: "Bought a painting or commissioned a piece? Share your experience in a short testimonial.",
    url: absoluteUrl(siteUrlOf(matches), "/testimonials/add"),
  });

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  return receiveTestimonial(request, context);
}

export default function AddTestimonial() {
  return <AddTestimonialPage />;
}
