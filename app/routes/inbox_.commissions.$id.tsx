import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { CommissionRequestPage } from "~/admin/CommissionRequestPage";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";
import { deleteRequest, getRequest } from "~/commissions/requests.server";
import { readForm } from "~/forms/parse.server";
import { formFailure } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import styles from "~/commissions/requests.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Commission request") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const found = await getRequest(db(context.cloudflare.env), params.id ?? "");
  if (!found) throw data(null, { status: 404 });
  return { signedIn: true as const, ...found };
}

const intentSchema = z.object({ intent: z.literal("delete") });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const deleted = await deleteRequest(db(context.cloudflare.env), context.cloudflare.env.IMAGES, params.id ?? "");
  if (!deleted) return formFailure(404, { formError: "That commission request no longer exists." });
  return redirect(COMMISSION_REQUESTS_PATH);
}

export default function CommissionRequest() {
  return <CommissionRequestPage data={useLoaderData<typeof loader>()} />;
}
