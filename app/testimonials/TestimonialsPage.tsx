import { Link } from "@remix-run/react";
import { ShowMore, useShowMore } from "~/ui/ShowMore";
import { Icon } from "~/ui/Icon";

// Cards per "Show more testimonials".
export const TESTIMONIALS_PAGE_SIZE = 24;

export function TestimonialsPage({
  testimonials,
  page,
  hasMore,
}: {
  testimonials: { id: string; author: string; message: string }[];
  page: number;
  hasMore: boolean;
}) {
  const loading = useShowMore("/testimonials", "testimonial-at");
  return (
    <section className="section page testimonials" aria-labelledby="testimonials-title">
      <h1 id="testimonials-title" className="page__title">
        Testimonials
      </h1>
      <p className="page__subtitle">What people think</p>
      <div className="testimonials__actions">
        <Link to="/testimonials/add" className="button button--primary" prefetch="intent">
          <Icon name="pen-line" size={18} />
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
