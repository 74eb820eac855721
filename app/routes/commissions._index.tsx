import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { CommissionsPage } from "~/commissions/CommissionsPage";
import { DEMO_COMMISSIONS } from "~/commissions/content";
import { COMMISSIONS_PATH } from "~/commissions/path";
import styles from "~/commissions/commissions.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Commissions",
    description: `Paintings to order by ${SITE.artistName}: pets, people and places from your photos, with a price guide and the steps.`,
    url: absoluteUrl(siteUrlOf(matches), COMMISSIONS_PATH),
  });

export default function Commissions() {
  return <CommissionsPage content={DEMO_COMMISSIONS} />;
}
