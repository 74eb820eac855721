import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { listApprovedTestimonials } from "~/testimonials/queries.server";
import styles from "~/testimonials/testimonials.css?url";
import { showMore, showMoreWindow } from "~/platform/paging";
import { TestimonialsPage, TESTIMONIALS_PAGE_SIZE } from "~/testimonials/TestimonialsPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Testimonials",
    description: `What collectors and friends say about ${SITE.artistName}'s paintings and commissions.`,
    url: absoluteUrl(siteUrlOf(matches), "/testimonials"),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const window = showMoreWindow(new URL(request.url).searchParams, TESTIMONIALS_PAGE_SIZE);
  const { rows, ...more } = showMore(
    await listApprovedTestimonials(db(context.cloudflare.env), { limit: window.limit }),
    window,
  );
  // Only what the page shows: never the approval flag or anything else from the row.
  return { ...more, testimonials: rows.map(({ id, author, message }) => ({ id, author, message })) };
}

export default function Testimonials() {
  return <TestimonialsPage {...useLoaderData<typeof loader>()} />;
}
