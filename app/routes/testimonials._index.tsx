import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PenLine } from "lucide-react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { listApprovedTestimonials } from "~/testimonials/queries.server";
import styles from "~/styles/testimonials.css?url";
import { showMore, showMoreWindow } from "~/platform/paging";
import { ShowMore, useShowMore } from "~/ui/ShowMore";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Testimonials",
    description: `What collectors and friends say about ${SITE.artistName}'s paintings and commissions.`,
    url: absoluteUrl(siteUrlOf(matches), "/testimonials"),
  });

// Cards per "Show more testimonials".
const TESTIMONIALS_PAGE_SIZE = 24;

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
  const { testimonials, page, hasMore } = useLoaderData<typeof loader>();
  const loading = useShowMore("/testimonials", "testimonial-at");
  return (
    <section className="section page testimonials" aria-labelledby="testimonials-title">
      <h1 id="testimonials-title" className="page__title">
        Testimonials
      </h1>
      <p className="page__subtitle">What people think</p>
      <div className="testimonials__actions">
        <Link to="/testimonials/add" className="button button--primary" prefetch="intent">
          <PenLine size={18} aria-hidden="true" />
          Share Your Testimonial
        </Link>
      </div>
      <div aria-live="polite" aria-busy={loading.other}>
        {loading.other ? (
          <p className="loading">Loading testimonials...</p>
        ) : testimonials.length > 0 ? (
          <ul className="testimonial-grid">
            {testimonials.map((testimonial, index) => (
              <li key={testimonial.id} id={`testimonial-at-${index + 1}`}>
                <figure className="testimonial-card">
                  <blockquote className="testimonial-card__quote">
                    <p>{testimonial.message}</p>
                  </blockquote>
                  <figcaption className="testimonial-card__author">{testimonial.author}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No testimonials available yet.</p>
        )}
      </div>
      {hasMore && !loading.other ? (
        <ShowMore
          page={page}
          size={TESTIMONIALS_PAGE_SIZE}
          anchor="testimonial-at"
          label="Show more testimonials"
          loading={loading.more}
        />
      ) : null}
    </section>
  );
}
