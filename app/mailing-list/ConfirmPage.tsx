import { Form, Link, useNavigation } from "@remix-run/react";
import { Icon } from "~/ui/Icon";
import { preferencesPath } from "~/mailing-list/path";
import { SubscribeAgain } from "~/mailing-list/SubscribeAgain";

type Confirmed = { ok: true; manageToken: string } | { ok: false; message: string };

/**
 * The page a confirm link opens: the consent in words and a Confirm button (pressing it, not opening the
 * link, confirms); then where to change what is heard about.
 */
export function ConfirmPage({
  valid,
  wording,
  confirmed,
  expired,
}: {
  valid: boolean;
  wording: string;
  confirmed: Confirmed | undefined;
  expired: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="section page mailing-list" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="page__title">
        {confirmed?.ok ? "You are subscribed" : "Confirm your subscription"}
      </h1>
      <div className="card-panel mailing-list__panel">
        {confirmed?.ok ? (
          <div role="status" className="form-status">
            <p className="form-success">
              <Icon name="check-circle" size={20} />
              Thank you: you will hear about new work and events as your preferences say.
            </p>
            <p>
              <Link to={preferencesPath(confirmed.manageToken)} className="text-link">
                Change your preferences
              </Link>{" "}
              at any time; every e-mail has the same link.
            </p>
          </div>
        ) : !valid || confirmed ? (
          <SubscribeAgain message={confirmed && !confirmed.ok ? confirmed.message : expired} />
        ) : (
          <Form method="post" className="form" aria-labelledby="confirm-title">
            <p className="mailing-list__consent">{wording}</p>
            <button type="submit" className="button button--primary form__submit" disabled={busy}>
              {busy ? "Confirming..." : "Confirm"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
