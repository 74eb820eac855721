import { FormField } from "~/forms/FormField";
import { SpamGuards } from "~/forms/SpamGuards";
import { SocialLinks } from "~/ui/SocialLinks";
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from "~/messages/limits";
import { SITE } from "~/ui/site";
import { trackEvent } from "~/analytics/client";
import { useEnhancedForm } from "~/forms/use-enhanced-form";
import { Icon } from "~/ui/Icon";

/** Spec §8, the contact form's success; its failures are answered by the intake. */
const SENT = "Message sent successfully!";

export function ContactPage() {
  // With JavaScript the form is sent by the fetcher (no reload); without it, it posts normally and the
  // page comes back with the same result as action data.
  const {
    fetcher,
    formRef,
    busy,
    success: sent,
    failure,
  } = useEnhancedForm({
    resetOnSuccess: true,
    onSuccess: () => trackEvent("contact_sent"),
  });

  return (
    <section className="section page contact" aria-labelledby="contact-title">
      <h1 id="contact-title" className="page__title">
        Get In Touch
      </h1>
      <p className="page__subtitle">
        Questions about a painting, a commission or an event? I&rsquo;d love to hear from you.
      </p>

      <div className="contact__layout">
        <aside className="contact__info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title" className="contact__heading">
            Contact Information
          </h2>
          <ul className="contact-details">
            <li className="contact-details__item">
              <span className="contact-details__icon" aria-hidden="true">
                <Icon name="mail" size={20} />
              </span>
              <div>
                <h3 className="contact-details__label">Email</h3>
                <a href={`mailto:${SITE.email}`} className="contact-details__value">
                  {SITE.email}
                </a>
              </div>
            </li>
            <li className="contact-details__item">
              <span className="contact-details__icon" aria-hidden="true">
                <Icon name="phone" size={20} />
              </span>
              <div>
                <h3 className="contact-details__label">Phone</h3>
                <p className="contact-details__value">{SITE.phone}</p>
              </div>
            </li>
            <li className="contact-details__item">
              <span className="contact-details__icon" aria-hidden="true">
                <Icon name="map-pin" size={20} />
              </span>
              <div>
                <h3 className="contact-details__label">Location</h3>
                <p className="contact-details__value">{SITE.location}</p>
              </div>
            </li>
          </ul>
          <h3 className="contact__follow">Follow my work</h3>
          <SocialLinks />
        </aside>

        <div className="card-panel contact__form-panel">
          <h2 id="contact-form-title" className="contact__heading">
            Send a Message
          </h2>
          <fetcher.Form ref={formRef} method="post" className="form" aria-labelledby="contact-form-title">
            <FormField
              label="Your Name"
              name="name"
              autoComplete="name"
              maxLength={NAME_MAX}
              defaultValue={failure?.values.name ?? ""}
              error={failure?.errors.name}
            />
            <FormField
              label="Email Address"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
              defaultValue={failure?.values.email ?? ""}
              error={failure?.errors.email}
            />
            <FormField
              label="Message"
              name="message"
              multiline
              rows={6}
              maxLength={MESSAGE_MAX}
              defaultValue={failure?.values.message ?? ""}
              error={failure?.errors.message}
            />
            <SpamGuards action="contact" resetKey={fetcher.data} />
            <div role="status" className="form-status">
              {sent && !busy ? (
                <p className="form-success">
                  <Icon name="check-circle" size={20} />
                  {SENT}
                </p>
              ) : null}
            </div>
            <div role="alert" className="form-status">
              {failure?.formError ? <p className="form-error">{failure.formError}</p> : null}
            </div>
            <button type="submit" className="button button--primary form__submit" disabled={busy}>
              {busy ? "Sending..." : "Send Message"}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </section>
  );
}
