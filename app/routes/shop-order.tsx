import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { getShopOrder } from "~/admin/shop-order.server";
import { ShopOrderPage } from "~/admin/ShopOrderPage";
import { moveInShopOrder } from "~/artworks/save.server";
import { readForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageParam } from "~/platform/paging";
import { pageTitle } from "~/ui/seo";
import dashboardStyles from "~/admin/dashboard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Shop Order") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = pageParam(new URL(request.url).searchParams, "page");
  return { signedIn: true as const, ...(await getShopOrder(db(context.cloudflare.env), page)) };
}

// A button moves one place (direction); a drop names the place it landed on (1 is the top).
const moveSchema = z.union([
  z.object({ id: z.string().min(1).max(100), direction: z.enum(["up", "down"]) }),
  z.object({ id: z.string().min(1).max(100), place: z.coerce.number().int().min(1).max(1_000_000) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = moveSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  const move = "direction" in input ? input.direction : { place: input.place };
  const moved = await moveInShopOrder(db(context.cloudflare.env), context.publicCache, input.id, move);
  if (moved === "missing") return formFailure(404, { formError: "That artwork no longer exists." });
  return formSuccess();
}

export default function ShopOrder() {
  return <ShopOrderPage data={useLoaderData<typeof loader>()} />;
}
