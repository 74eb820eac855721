import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { isAdmin } from "~/admin/session.server";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A visitor has no session cookie, so only the admin's page asks D1 about it (side by side).
  const [data, admin] = await Promise.all([getHomePageData(db(context.cloudflare.env)), isAdmin(request, context)]);
  return { ...data, admin };
}

export default function Home() {
  return <HomePage {...useLoaderData<typeof loader>()} />;
}
