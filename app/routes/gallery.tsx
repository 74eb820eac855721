import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArtworkCard } from "~/components/ArtworkCard";
import { db } from "~/db/client.server";
import { CATEGORIES, CATEGORY_LABELS, CATEGORY_TITLES, galleryHref, parseCategoryParam } from "~/lib/categories";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { listPosts, toCardData } from "~/models/posts.server";

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
  const category = parseCategoryParam(new URL(request.url).searchParams.get("category"));
  const posts = await listPosts(db(context.cloudflare.env), { category });
  return {
    category,
    posts: posts.map(toCardData),
  };
}

const TABS = [null, ...CATEGORIES] as const;

export default function Gallery() {
  const { category, posts } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/gallery";
  return (
    <section className="section page" aria-labelledby="shop-title">
      <h1 id="shop-title" className="page__title">
        Shop
      </h1>
      <nav aria-label="Categories">
        <ul className="tabs">
          {TABS.map((tab) => {
            const selected = tab === category;
            return (
              <li key={tab ?? "all"}>
                <Link
                  to={galleryHref(tab)}
                  className={`tab${selected ? " is-selected" : ""}`}
                  aria-current={selected ? "page" : undefined}
                  preventScrollReset
                >
                  {tab ? CATEGORY_LABELS[tab] : "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <p className="loading">Loading artworks...</p>
        ) : posts.length > 0 ? (
          <div className="artwork-grid">
            {posts.map((post, index) => (
              <ArtworkCard key={post.id} post={post} eager={index < 3} />
            ))}
          </div>
        ) : (
          <p className="empty-state">
            {category
              ? `No ${CATEGORY_LABELS[category]} artworks available at the moment.`
              : "No artworks available at the moment."}
          </p>
        )}
      </div>
    </section>
  );
}
