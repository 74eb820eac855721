import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { ReservePage } from "~/admin/ReservePage";
import { formFailure, formRefused } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { RESERVE_REFUSALS, reserveSchema } from "~/sales/form";
import { reserveArtwork } from "~/sales/reservations.server";
import { saleFormStartAt } from "~/sales/sale-form.server";
import { SALES_PATH } from "~/sales/path";

export const links = () => ADMIN_APP_LINKS;

export const meta: MetaFunction = () => [
  { title: pageTitle("Reserve") },
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
  const parsed = parseForm(await readForm(request), reserveSchema);
  if (!parsed.ok) return formFailure(400, { kept: parsed });
  const { artwork, option, name, until, enquiry } = parsed.data;
  const outcome = await reserveArtwork(db(context.cloudflare.env), context.publicCache, {
    artworkId: artwork,
    optionId: option || null,
    name,
    until,
    messageId: enquiry || null,
  });
  if (outcome !== "reserved") {
    return formRefused(RESERVE_REFUSALS[outcome], parsed);
  }
  return redirect(`${SALES_PATH}?reserved=${encodeURIComponent(artwork)}`);
}

export default function Reserve() {
  return <ReservePage data={useLoaderData<typeof loader>()} />;
}
