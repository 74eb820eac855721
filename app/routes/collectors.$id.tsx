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
import { collectorPage, mergeCollectors } from "~/sales/collectors.server";
import { eraseCollector } from "~/admin/erase-collector.server";
import { collectorPath, COLLECTORS_PATH } from "~/sales/path";
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
  const merged = new URL(request.url).searchParams.has("merged");
  return { signedIn: true as const, ...page, merged };
}

const input = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("merge"), into: z.string().min(1).max(100) }),
]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const fields = Object.fromEntries(await readForm(request));
  const parsed = input.safeParse(fields);
  if (!parsed.success) {
    const merging = fields.intent === "merge";
    return formFailure(400, {
      formError: merging ? "Choose the collector to merge them into." : "That request was not understood.",
    });
  }
  const database = db(context.cloudflare.env);
  const id = params.id ?? "";
  if (parsed.data.intent === "merge") {
    const outcome = await mergeCollectors(database, id, parsed.data.into);
    if (outcome === "same") return formFailure(400, { formError: "Choose another collector: that is this one." });
    if (outcome === "missing") {
      return formFailure(409, { formError: "One of the two collectors is no longer there; nothing was merged." });
    }
    return redirect(`${collectorPath(parsed.data.into)}?merged=1`, { headers: admin.headers });
  }
  const erased = await eraseCollector({ env: context.env, database }, context.cloudflare.env.IMAGES, id);
  if (!erased) throw data(null, { status: 404 });
  return redirect(`${COLLECTORS_PATH}?deleted=1`, { headers: admin.headers });
}

export default function Collector() {
  return <CollectorPage data={useLoaderData<typeof loader>()} />;
}
