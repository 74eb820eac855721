import {
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
import { formFailure, formRefused } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { submissionIdOf } from "~/forms/submission.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { RecordSalePage } from "~/admin/RecordSalePage";
import { buyerOf, SALE_REFUSALS, saleSchema } from "~/sales/form";
import { recordSale } from "~/sales/record.server";
import { saleFormStartAt } from "~/sales/sale-form.server";
import { saleRecordedPath } from "~/sales/path";

export const links: LinksFunction = () => ADMIN_APP_LINKS;

export const meta: MetaFunction = () => [
  { title: pageTitle("Record a Sale") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const start = await saleFormStartAt(db(context.cloudflare.env), new URL(request.url));
  return { signedIn: true as const, ...start };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  const parsed = parseForm(form, saleSchema);
  if (!parsed.ok) return formFailure(400, { kept: parsed });
  const sale = parsed.data;
  const outcome = await recordSale(db(context.cloudflare.env), context.publicCache, {
    id: submissionIdOf(form),
    artworkId: sale.artwork,
    optionId: sale.option || null,
    editionNumber: sale.editionNumber,
    pricePence: sale.price,
    soldOn: sale.soldOn,
    payment: sale.payment,
    shipping: sale.shipping,
    note: sale.note,
    buyer: buyerOf(sale),
    messageId: sale.enquiry || null,
  });
  if (!outcome.recorded) {
    return formRefused(SALE_REFUSALS[outcome.refusal], parsed);
  }
  return redirect(saleRecordedPath(outcome.id));
}

export default function RecordSale() {
  return <RecordSalePage data={useLoaderData<typeof loader>()} />;
}
