import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { SalesPage } from "~/admin/SalesPage";
import { listSales } from "~/sales/queries.server";
import { undoSale } from "~/sales/record.server";
import salesStyles from "~/sales/sales.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: salesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Sales") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const recorded = new URL(request.url).searchParams.get("recorded");
  return { signedIn: true as const, sales: await listSales(db(context.cloudflare.env)), recorded };
}

const undoInput = z.object({ intent: z.literal("undo"), id: z.string().min(1).max(100) });

const UNDO_ANSWERS = {
  missing: [404, "That sale no longer exists."],
  "already-undone": [409, "That sale was undone already."],
  changed: [409, "The artwork changed while you were undoing this sale. Try again."],
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = undoInput.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const outcome = await undoSale(db(context.cloudflare.env), context.publicCache, parsed.data.id);
  if (outcome !== "undone") {
    const [status, formError] = UNDO_ANSWERS[outcome];
    return formFailure(status, { formError });
  }
  return formSuccess("Sale undone: the work is available again.");
}

export default function Sales() {
  return <SalesPage data={useLoaderData<typeof loader>()} />;
}
