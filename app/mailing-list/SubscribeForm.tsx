import { useId } from "react";
import { Form, Link } from "@remix-run/react";
import { HoneypotField } from "~/forms/HoneypotField";
import { EMAIL_MAX } from "~/messages/limits";
import type { Category } from "~/artworks/categories";
import { MAILING_LIST_PATH } from "~/mailing-list/path";
import type { Source } from "~/mailing-list/form";

/**
 * The short subscribe form (the footer, the Events page, a sold work's page). It sends to the mailing list's
 * page, which answers it, with or without JavaScript; it carries no cookie or token, so the pages that show
 * it stay cacheable. Turnstile, when configured, is solved on that page. `similarTo` makes it "Tell me about
 * similar work": new work in those categories only.
 */
export function SubscribeForm({
  source,
  title,
  note,
  tone = "light",
  similarTo,
}: {
  source: Source;
  title: string;
  note: string;
  tone?: "light" | "dark";
  similarTo?: readonly Category[];
}) {
  const id = useId();
  return (
    <Form
      method="post"
      action={MAILING_LIST_PATH}
      className={`subscribe subscribe--${tone}`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="subscribe__title">
        {title}
      </h2>
      <p id={`${id}-note`} className="subscribe__note">
        {note}
      </p>
      <input type="hidden" name="source" value={source} />
      {similarTo ? (
        <>
          <input type="hidden" name="newWork" value="on" />
          {similarTo.map((category) => (
            <input key={category} type="hidden" name="categories" value={category} />
          ))}
        </>
      ) : (
        <div className="subscribe__choices" role="group" aria-label="What to hear about">
          <label className="choice">
            <input type="checkbox" name="newWork" defaultChecked />
            <span>New work</span>
          </label>
          <label className="choice">
            <input type="checkbox" name="events" defaultChecked />
            <span>Events</span>
          </label>
        </div>
      )}
      <label htmlFor={`${id}-email`} className="subscribe__label">
        Email address
      </label>
      <div className="subscribe__row">
        <input
          id={`${id}-email`}
          className="field__control subscribe__email"
          type="email"
          name="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          aria-describedby={`${id}-note`}
        />
        <button type="submit" className={`button ${tone === "dark" ? "button--light" : "button--primary"}`}>
          Subscribe
        </button>
      </div>
      <HoneypotField />
      {similarTo ? null : (
        <p className="subscribe__more">
          <Link to={MAILING_LIST_PATH}>Choose categories</Link>
        </p>
      )}
    </Form>
  );
}
