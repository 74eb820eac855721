import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { SubscribersPage } from "~/admin/SubscribersPage";
import { readForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { deleteSubscriber, subscribersPage } from "~/mailing-list/subscribers.server";
import salesStyles from "~/sales/sales.css?url";
import listStyles from "~/mailing-list/mailing-list.css?url";

export const links: LinksFunction = () => [
  ...ADMIN_APP_LINKS,
  { rel: "stylesheet", href: salesStyles },
  { rel: "stylesheet", href: listStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Mailing list") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { signedIn: true as const, ...(await subscribersPage(db(context.cloudflare.env), query)), query };
}

const input = z.object({ intent: z.literal("delete"), id: z.string().min(1).max(100) });

/** Delete, on the owner's request. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = input.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const deleted = await deleteSubscriber(db(context.cloudflare.env), parsed.data.id);
  if (!deleted) return formFailure(404, { formError: "That address is no longer on the list." });
  return formSuccess("The address is deleted, with its consent record.", admin.headers);
}

export default function Subscribers() {
  return <SubscribersPage data={useLoaderData<typeof loader>()} />;
}
