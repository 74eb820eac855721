import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { imageSrc } from "~/images/references";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { getAboutPageData } from "~/site/about.server";
import { AboutPage } from "~/site/AboutPage";
import styles from "~/site/about.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteUrl = siteUrlOf(matches);
  return pageMeta({
    title: "About Me",
    description: `${SITE.artistName}: a self-taught painter and paediatrician in Leeds who paints commissions and raises money for children's charities.`,
    url: absoluteUrl(siteUrl, "/about"),
    image: data?.hasPortrait ? absoluteUrl(siteUrl, imageSrc(SITE.portraitKey)) : undefined,
  });
};

export async function loader({ context }: LoaderFunctionArgs) {
  // A new site has no portrait until one is put in R2: the page then goes without, never a broken image.
  return getAboutPageData(db(context.cloudflare.env));
}

export default function About() {
  return <AboutPage {...useLoaderData<typeof loader>()} />;
}
