import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { actOnCommission } from "~/admin/commission-actions.server";
import { commissionPage } from "~/admin/commission-page.server";
import { CommissionRequestPage } from "~/admin/CommissionRequestPage";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { sendImageForm } from "~/images/send-image-form";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import styles from "~/commissions/requests.css?url";
import requestStyles from "~/commissions/request.css?url";
import imagePickerStyles from "~/images/image-picker.css?url";

export const links: LinksFunction = () => [
  ...ADMIN_APP_LINKS,
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: requestStyles },
  { rel: "stylesheet", href: imagePickerStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Commission request") },
  { name: "robots", content: "noindex, nofollow" },
];

/** Progress photos come from her phone, as an artwork's images do: the upload forms' cap. */
export const bodyCap = UPLOAD_MAX_BYTES;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = await commissionPage(db(context.cloudflare.env), context.env, params.id ?? "");
  if (!page) throw data(null, { status: 404 });
  return { signedIn: true as const, ...page };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const deps = {
    env: context.env,
    database: db(context.cloudflare.env),
    images: context.cloudflare.env,
    publicCache: context.publicCache,
  };
  return actOnCommission(request, deps, params.id ?? "");
}

/** The progress form's photos go by XMLHttpRequest (./inbox_.commissions.$id.upload.tsx) to show their progress. */
export const clientAction = sendImageForm;

export default function CommissionRequest() {
  return <CommissionRequestPage data={useLoaderData<typeof loader>()} />;
}
