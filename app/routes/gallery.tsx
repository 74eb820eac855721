import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArtworkCard } from "~/components/ArtworkCard";
import { db } from "~/db/client.server";
import { CATEGORIES, CATEGORY_LABELS, galleryHref, parseCategoryParam } from "~/lib/categories";
import { SITE } from "~/lib/site";
import { listPosts } from "~/models/posts.server";

export const meta: MetaFunction = () => [
  { title: `Shop | ${SITE.brand}` },
  { name: "description", content: "Original paintings, 3D art, prints and commissions for sale." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const category = parseCategoryParam(new URL(request.url).searchParams.get("category"));
  const posts = await listPosts(db(context.cloudflare.env), { category });
  return {
    category,
    posts: posts.map(({ id, title, medium, price, available, imageUrls }) => ({
      id,
      title,
      medium,
      price,
      available,
      imageUrls,
    })),
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
