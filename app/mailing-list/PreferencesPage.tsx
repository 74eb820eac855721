import { Form, Link, useNavigation } from "@remix-run/react";
import type { FormResult } from "~/forms/result";
import { Icon } from "~/ui/Icon";
import { MAILING_LIST_PATH } from "~/mailing-list/path";
import { SubscribeAgain } from "~/mailing-list/SubscribeAgain";
import { PreferenceFields } from "~/mailing-list/PreferenceFields";

type Listed = { email: string; pending: boolean; newWork: boolean; categories: string[]; events: boolean };

/** A subscriber's preferences, from the link in every e-mail: what they hear about, or leave in one press. */
export function PreferencesPage({
  listed,
  result,
  notListed,
}: {
  listed: Listed | null;
  result: FormResult | undefined;
  notListed: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const failure = result && !result.ok ? result : undefined;
  return (
    <section className="section page mailing-list" aria-labelledby="preferences-title">
      <h1 id="preferences-title" className="page__title">
        Your mailing list preferences
      </h1>
      <div className="card-panel mailing-list__panel">
        <div role="status" className="form-status">
          {result?.ok ? (
            <p className="form-success">
              <Icon name="check-circle" size={20} />
              {result.notice}
            </p>
          ) : null}
        </div>
        {listed ? (
          <Form method="post" className="form" aria-labelledby="preferences-title">
            <p>
              For <strong>{listed.email}</strong>
              {listed.pending ? " (waiting for you to confirm it from the e-mail we sent)" : ""}.
            </p>
            <PreferenceFields
              newWork={failure ? failure.values.newWork === "on" : listed.newWork}
              events={failure ? failure.values.events === "on" : listed.events}
              categories={failure?.lists?.categories ?? listed.categories}
              error={failure?.errors.newWork ?? failure?.errors.categories}
            />
            <div role="alert" className="form-status">
              {failure?.formError ? <p className="form-error">{failure.formError}</p> : null}
            </div>
            <div className="button-row">
              <button type="submit" name="intent" value="save" className="button button--primary" disabled={!!busy}>
                {busy === "save" ? "Saving..." : "Save preferences"}
              </button>
              <button type="submit" name="intent" value="leave" className="button button--secondary" disabled={!!busy}>
                {busy === "leave" ? "Leaving..." : "Leave the mailing list"}
              </button>
            </div>
          </Form>
        ) : result?.ok ? (
          <p>
            <Link to={MAILING_LIST_PATH} className="text-link">
              Subscribe again
            </Link>{" "}
            whenever you like.
          </p>
        ) : (
          <SubscribeAgain message={failure?.formError ?? notListed} />
        )}
      </div>
    </section>
  );
}
