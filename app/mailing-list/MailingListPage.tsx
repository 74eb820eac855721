import { FormField } from "~/forms/FormField";
import { SpamGuards } from "~/forms/SpamGuards";
import { useEnhancedForm } from "~/forms/use-enhanced-form";
import { EMAIL_MAX } from "~/messages/limits";
import { Icon } from "~/ui/Icon";
import { PreferenceFields } from "~/mailing-list/PreferenceFields";

/** What every subscriber reads once the form is taken, whatever the address's state. */
export const CHECK_YOUR_INBOX =
  "Almost done: please check your inbox for a link to confirm. It can take up to an hour to arrive, and nothing else is sent until you confirm.";

/**
 * The mailing list's page: the whole subscribe form (what to hear about, down to the kinds of work), and the
 * answer to every subscribe form on the site, which sends here.
 */
export function MailingListPage() {
  const { fetcher, formRef, busy, success, failure } = useEnhancedForm({ resetOnSuccess: true });
  const ticked = failure?.lists?.categories;
  return (
    <section className="section page mailing-list" aria-labelledby="mailing-list-title">
      <h1 id="mailing-list-title" className="page__title">
        Hear about new work and events
      </h1>
      <p className="page__subtitle">
        An e-mail when a new painting is in the shop or an event is coming up, and nothing else. Your address is never
        shared, and every e-mail has a link to change what you hear about or to leave.
      </p>
      <div className="card-panel mailing-list__panel">
        <div role="status" className="form-status">
          {success && !busy ? (
            <p className="form-success">
              <Icon name="check-circle" size={20} />
              {CHECK_YOUR_INBOX}
            </p>
          ) : null}
        </div>
        <fetcher.Form ref={formRef} method="post" className="form" aria-label="Subscribe to the mailing list">
          <input type="hidden" name="source" value={failure?.values.source || "page"} />
          <FormField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            defaultValue={failure?.values.email ?? ""}
            error={failure?.errors.email}
          />
          <PreferenceFields
            newWork={failure ? failure.values.newWork === "on" : true}
            events={failure ? failure.values.events === "on" : true}
            categories={ticked ?? []}
            error={failure?.errors.newWork ?? failure?.errors.categories}
          />
          <SpamGuards action="subscribe" resetKey={fetcher.data} />
          <div role="alert" className="form-status">
            {failure?.formError ? <p className="form-error">{failure.formError}</p> : null}
          </div>
          <button type="submit" className="button button--primary form__submit" disabled={busy}>
            {busy ? "Subscribing..." : "Subscribe"}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
