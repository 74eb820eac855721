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
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { CollectorPage } from "~/admin/CollectorPage";
import { formFailure } from "~/forms/result.server";
import { readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { collectorPage, deleteCollector } from "~/sales/collectors.server";
import { COLLECTORS_PATH } from "~/sales/path";
import salesStyles from "~/sales/sales.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: salesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Collector") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = await collectorPage(db(context.cloudflare.env), params.id ?? "");
  if (!page) throw data(null, { status: 404 });
  return { signedIn: true as const, ...page };
}

const deleteInput = z.object({ intent: z.literal("delete") });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  if (!deleteInput.safeParse(Object.fromEntries(await readForm(request))).success) {
    return formFailure(400, { formError: "That request was not understood." });
  }
  if (!(await deleteCollector(db(context.cloudflare.env), params.id ?? ""))) throw data(null, { status: 404 });
  return redirect(`${COLLECTORS_PATH}?deleted=1`, { headers: admin.headers });
}

export default function Collector() {
  return <CollectorPage data={useLoaderData<typeof loader>()} />;
}
