import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { CATEGORY_TITLES, galleryHref, parseCategoryParam } from "~/artworks/categories";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { listCardRows } from "~/artworks/queries.server";
import { artworkCard } from "~/artworks/view";
import { showMore, showMoreWindow } from "~/platform/paging";
import { GalleryPage, GALLERY_PAGE_SIZE } from "~/artworks/GalleryPage";
import { COMMISSIONS_PATH } from "~/commissions/path";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const category = data?.category ?? null;
  const label = category ? CATEGORY_TITLES[category] : null;
  return pageMeta({
    title: label ? `${label} | Shop` : "Shop",
    description: label
      ? `${label} by ${SITE.artistName}, for sale from Leeds with UK shipping included.`
      : `Original oil, acrylic and watercolour paintings, 3D art, prints and commissions by ${SITE.artistName}.`,
    url: absoluteUrl(siteUrlOf(matches), galleryHref(category)),
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = parseCategoryParam(params.get("category"));
  const window = showMoreWindow(params, GALLERY_PAGE_SIZE);
  const { rows, ...more } = showMore(
    await listCardRows(db(context.cloudflare.env), { category, limit: window.limit }),
    window,
  );
  return { category, ...more, artworks: rows.map(artworkCard) };
}

export default function Gallery() {
  const data = useLoaderData<typeof loader>();
  // Custom work is made to order: its tab leads to the commissions page.
  const categoryNote =
    data.category === "custom" ? (
      <p className="page__subtitle">
        Would you like something painted for you? <Link to={COMMISSIONS_PATH}>See how commissions work</Link>.
      </p>
    ) : null;
  return <GalleryPage {...data} categoryNote={categoryNote} />;
}
