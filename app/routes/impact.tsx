import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { impactFigures } from "~/site/impact.server";
import { ImpactPage } from "~/site/ImpactPage";
import styles from "~/site/impact.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "What My Art Raises",
    description: `What ${SITE.artistName}'s paintings have raised for children's charities: given, pledged by sales, and the works that raised it.`,
    url: absoluteUrl(siteUrlOf(matches), "/impact"),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  return { figures: await impactFigures(db(context.cloudflare.env)) };
}

export default function Impact() {
  return <ImpactPage figures={useLoaderData<typeof loader>().figures} />;
}
