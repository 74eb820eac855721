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
import { SalePage } from "~/admin/SalePage";
import { formFailure, formSuccess } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { buyerOf, saleChangeSchema } from "~/sales/form";
import { getSalePage } from "~/sales/queries.server";
import { isReceiptAnswer } from "~/sales/receipt-answers";
import { newId } from "~/platform/id";
import { changeSale } from "~/sales/record.server";
import salesStyles from "~/sales/sales.css?url";
import { receiptSentPath } from "~/sales/path";
import { sendReceipt } from "~/sales/send-receipt.server";
import { submissionIdOf } from "~/forms/submission.server";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: salesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Sale") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = await getSalePage(db(context.cloudflare.env), params.id ?? "");
  if (!page) throw data(null, { status: 404 });
  const answer = new URL(request.url).searchParams.get("receipt");
  return { signedIn: true as const, ...page, submission: newId(), answer: isReceiptAnswer(answer) ? answer : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  const saleId = params.id ?? "";
  // "E-mail Receipt": stored, sent while the artist waits, answered by this page saying how it went.
  if (form.get("intent") === "receipt") {
    const deps = { env: context.env, database: db(context.cloudflare.env), images: context.cloudflare.env };
    return redirect(receiptSentPath(saleId, await sendReceipt(deps, submissionIdOf(form), saleId)));
  }
  const parsed = parseForm(form, saleChangeSchema);
  if (!parsed.ok) return formFailure(400, { kept: parsed });
  const { price, name: _name, email: _email, address: _address, ...details } = parsed.data;
  const outcome = await changeSale(db(context.cloudflare.env), context.publicCache, saleId, {
    ...details,
    pricePence: price,
    buyer: buyerOf(parsed.data),
  });
  if (outcome === "missing") throw data(null, { status: 404 });
  return formSuccess("Sale saved.");
}

export default function Sale() {
  return <SalePage data={useLoaderData<typeof loader>()} />;
}
