import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { getHomePageData } from "~/site/home.server";
import { HomePage } from "~/site/HomePage";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteUrl = siteUrlOf(matches);
  return pageMeta({
    description: SITE.description,
    url: absoluteUrl(siteUrl, "/"),
    image: data?.featured ? absoluteUrl(siteUrl, data.featured.image.src) : undefined,
  });
};

export async function loader({ context }: LoaderFunctionArgs) {
  return getHomePageData(db(context.cloudflare.env));
}

export default function Home() {
  return <HomePage {...useLoaderData<typeof loader>()} />;
}
