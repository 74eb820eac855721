import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { CommissionsPage } from "~/commissions/CommissionsPage";
import { commissionsContent } from "~/commissions/page.server";
import { COMMISSIONS_PATH } from "~/commissions/path";
import styles from "~/commissions/commissions.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Commissions",
    description: `Paintings to order by ${SITE.artistName}: pets, people and places from your photos, with a price guide and the steps.`,
    url: absoluteUrl(siteUrlOf(matches), COMMISSIONS_PATH),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const { content, rates } = await commissionsContent(db(context.cloudflare.env));
  return { content, rates };
}

export default function Commissions() {
  return <CommissionsPage {...useLoaderData<typeof loader>()} />;
}
