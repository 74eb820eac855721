import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { FormField } from "~/forms/FormField";
import { SpamGuards } from "~/forms/SpamGuards";
import { TESTIMONIAL_AUTHOR_MAX, TESTIMONIAL_MESSAGE_MAX } from "~/testimonials/limits";
import { trackEvent } from "~/analytics/client";
import { useEnhancedForm } from "~/forms/use-enhanced-form";
import { useTimeout } from "~/ui/use-timeout";
import { Icon } from "~/ui/Icon";

export function AddTestimonialPage() {
  const { fetcher, formRef, busy, success, failure } = useEnhancedForm({
    onSuccess: () => trackEvent("testimonial_submitted"),
  });

  const navigate = useNavigate();
  useTimeout(success, () => navigate("/testimonials"));

  const [messageLength, setMessageLength] = useState(failure?.values.message?.length ?? 0);

  return (
    <section className="section page add-testimonial" aria-labelledby="add-testimonial-title">
      <h1 id="add-testimonial-title" className="page__title">
        Share Your Experience
      </h1>
      <p className="page__subtitle">A few words about a painting, a commission or an event</p>

      <div className="card-panel add-testimonial__panel">
        <fetcher.Form
          ref={formRef}
          method="post"
          className={`form${success ? " is-covered" : ""}`}
          aria-labelledby="add-testimonial-title"
          aria-hidden={success || undefined}
        >
          <FormField
            label="Your Name"
            name="author"
            autoComplete="name"
            maxLength={TESTIMONIAL_AUTHOR_MAX}
            defaultValue={failure?.values.author ?? ""}
            error={failure?.errors.author}
          />
          <FormField
            label="Your Testimonial"
            name="message"
            multiline
            rows={6}
            maxLength={TESTIMONIAL_MESSAGE_MAX}
            defaultValue={failure?.values.message ?? ""}
            error={failure?.errors.message}
            onValueChange={(value) => setMessageLength(value.length)}
            hint={
              <span className="char-counter" aria-live="polite">
                {`${messageLength}/${TESTIMONIAL_MESSAGE_MAX}`}
              </span>
            }
          />
          <SpamGuards action="testimonial" resetKey={fetcher.data} />
          <div role="alert" className="form-status">
            {failure?.formError ? <p className="form-error">{failure.formError}</p> : null}
          </div>
          <button type="submit" className="button button--primary form__submit" disabled={busy}>
            {busy ? "Submitting..." : "Submit Testimonial"}
          </button>
        </fetcher.Form>

        <div role="status" className="add-testimonial__status">
          {success ? (
            <div className="success-overlay">
              <Icon name="check-circle" size={48} />
              <h2>Thank You!</h2>
              <p>Your testimonial has been received and will appear once it has been approved.</p>
              <Link to="/testimonials" className="button button--secondary">
                Back to Testimonials
              </Link>
            </div>
          ) : null}
        </div>
      </div>

      <p className="add-testimonial__back">
        <Link to="/testimonials" className="text-link">
          <Icon name="arrow-left" size={16} />
          All testimonials
        </Link>
      </p>
    </section>
  );
}
