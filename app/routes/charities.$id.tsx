import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { CharityPage } from "~/admin/CharityPage";
import { formFailure, formRefused } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { charitySchema } from "~/charities/form";
import { CHARITY_REFUSALS } from "~/charities/refusals";
import { CHARITIES_PATH } from "~/charities/path";
import { getCharity, saveCharity } from "~/charities/queries.server";
import charitiesStyles from "~/charities/charities.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: charitiesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Edit Charity") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const charity = await getCharity(db(context.cloudflare.env), params.id ?? "");
  if (!charity) throw data(null, { status: 404 });
  return { signedIn: true as const, charity };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const charity = parseForm(await readForm(request), charitySchema);
  if (!charity.ok) return formFailure(400, { kept: charity });
  const saved = await saveCharity(db(context.cloudflare.env), context.publicCache, params.id ?? "", charity.data);
  if (!saved.saved) return formRefused(CHARITY_REFUSALS[saved.refusal], charity);
  return redirect(CHARITIES_PATH);
}

export default function Charity() {
  return <CharityPage data={useLoaderData<typeof loader>()} />;
}
