import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProgressPage } from "~/commissions/ProgressPage";
import { progressView } from "~/commissions/pipeline.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import styles from "~/commissions/progress.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Your commission") },
  { name: "robots", content: "noindex, nofollow" },
];

// The client's private link, its token the only guard: not a shared page (app/public-cache/tags.ts), so no
// cache keeps it, and the site's Referrer-Policy never sends the path to another site.

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const view = await progressView(db(context.cloudflare.env), token);
  if (!view) throw data(null, { status: 404 });
  return { view, token };
}

export default function CommissionProgress() {
  const { view, token } = useLoaderData<typeof loader>();
  return <ProgressPage view={view} token={token} />;
}
