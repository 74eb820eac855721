import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { RequestPage } from "~/commissions/RequestPage";
import { receiveCommissionRequest } from "~/commissions/intake.server";
import { REQUEST_MAX_BYTES } from "~/commissions/limits";
import { COMMISSION_REQUEST_PATH } from "~/commissions/path";
import { sendImageForm } from "~/images/send-image-form";
import styles from "~/commissions/request.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Ask for a commission",
    description: `Ask ${SITE.artistName} for a painting to order: the subject, the size, your budget and photos to paint from.`,
    url: absoluteUrl(siteUrlOf(matches), COMMISSION_REQUEST_PATH),
  });

export const bodyCap = REQUEST_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  return receiveCommissionRequest(request, context);
}

/** With photos, sent by XMLHttpRequest to ./commissions.request.upload.tsx, to show the upload's progress. */
export const clientAction = sendImageForm;

export default function CommissionRequest() {
  return <RequestPage />;
}
