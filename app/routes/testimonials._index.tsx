import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PenLine } from "lucide-react";
import { db } from "~/platform/db.server";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/site/seo";
import { SITE } from "~/site/site";
import { listApprovedTestimonials } from "~/testimonials/queries.server";
import styles from "~/styles/testimonials.css?url";
import { usePendingLocation } from "~/ui/use-pending-location";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Testimonials",
    description: `What collectors and friends say about ${SITE.artistName}'s paintings and commissions.`,
    url: absoluteUrl(siteUrlOf(matches), "/testimonials"),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const rows = await listApprovedTestimonials(db(context.cloudflare.env));
  // Only what the page shows: never the approval flag or anything else from the row.
  return { testimonials: rows.map(({ id, author, message }) => ({ id, author, message })) };
}

export default function Testimonials() {
  const { testimonials } = useLoaderData<typeof loader>();
  const loading = usePendingLocation("/testimonials") !== null;
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
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <p className="loading">Loading testimonials...</p>
        ) : testimonials.length > 0 ? (
          <ul className="testimonial-grid">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
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
    </section>
  );
}
