import { Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { FormField } from "~/forms/FormField";
import { SpamGuards } from "~/forms/SpamGuards";
import { useEnhancedForm } from "~/forms/use-enhanced-form";
import { UploadProgress } from "~/images/UploadProgress";
import { EMAIL_MAX, NAME_MAX } from "~/messages/limits";
import { newId } from "~/platform/id";
import { Icon } from "~/ui/Icon";
import { PhotoPicker, type KeptPhoto } from "~/commissions/PhotoPicker";
import { MEDIUMS, PHOTOS_UNREAD, REQUEST_MESSAGE_MAX, SIZE_MAX, SUBJECT_LABELS } from "~/commissions/limits";
import { COMMISSIONS_PATH } from "~/commissions/path";
import { COMMISSION_SUBJECTS } from "~/commissions/subjects";

export const REQUEST_SENT =
  "Thank you: your request has reached the artist. She will reply by e-mail, usually within a few days.";

/**
 * The commission request form. It posts itself without JavaScript; with it, the photos go by
 * XMLHttpRequest (the route's clientAction) with their progress shown, and the page stays.
 */
/**
 * Gives the request its id as it is first sent, in the browser (the page is cached: the server cannot make one
 * per visitor): sent again after its answer was lost, it is stored once. A refusal brings the id back; once a
 * request is sent the form is reset, and the next gets its own. Without JavaScript the server makes the id.
 */
function nameTheRequest(event: FormEvent<HTMLFormElement>) {
  const field = event.currentTarget.elements.namedItem("draft");
  if (field instanceof HTMLInputElement && !field.value) field.value = newId();
}

export function RequestPage() {
  const { fetcher, formRef, busy, success, failure } = useEnhancedForm({ resetOnSuccess: true });
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const ids = failure?.lists?.photo ?? [];
  const kept: KeptPhoto[] = ids.map((id, i) => ({ id, label: failure?.lists?.photoName?.[i] ?? "a photo" }));
  // Each answer gives a new picker: the photos it kept are listed above it, and are not sent again.
  // Not for an answer the browser made itself (the upload stopped or the connection failed): the files stay.
  const [answers, setAnswers] = useState({ seen: fetcher.data, count: 0 });
  if (fetcher.data !== answers.seen) {
    // Photos the server did not read (the security check failed first) stay chosen, to be sent again.
    const fromServer =
      fetcher.data?.ok || (fetcher.data?.lists?.photo !== undefined && !fetcher.data.values[PHOTOS_UNREAD]);
    setAnswers({ seen: fetcher.data, count: answers.count + (fromServer ? 1 : 0) });
  }
  const notice = success && fetcher.data?.ok ? fetcher.data.notice : undefined;

  return (
    <section className="section page request" aria-labelledby="request-title">
      <h1 id="request-title" className="page__title">
        Ask for a commission
      </h1>
      <p className="page__subtitle">
        Tell me what you would like painted. I reply by e-mail with a quote; nothing is owed until you accept it.{" "}
        <Link to={COMMISSIONS_PATH}>Prices and how it works</Link>
      </p>
      <div className="card-panel">
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="form"
          aria-labelledby="request-title"
          onSubmit={nameTheRequest}
        >
          <input type="hidden" name="draft" value={values.draft ?? ""} />
          <input type="hidden" name="refused" value={values.refused ?? "0"} />
          <fieldset className="field">
            <FieldLabel legend required>
              What would you like painted?
            </FieldLabel>
            <div className="request__subjects">
              {COMMISSION_SUBJECTS.map((subject, index) => (
                <label key={subject} className="choice">
                  <input
                    type="radio"
                    name="subject"
                    value={subject}
                    required
                    defaultChecked={values.subject === subject}
                    aria-describedby={errors.subject ? "request-subject-error" : undefined}
                    data-invalid={errors.subject && index === 0 ? true : undefined}
                  />
                  <span>{SUBJECT_LABELS[subject]}</span>
                </label>
              ))}
            </div>
            {errors.subject ? (
              <p id="request-subject-error" className="field__error">
                {errors.subject}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label="Medium"
            name="medium"
            options={[
              { value: "", label: "Choose a medium" },
              ...MEDIUMS.map((medium) => ({ value: medium, label: medium })),
            ]}
            defaultValue={values.medium ?? ""}
            error={errors.medium}
          />
          <FormField
            label="Size"
            name="size"
            maxLength={SIZE_MAX}
            note="For example 30 × 40 cm, or “not sure”."
            defaultValue={values.size ?? ""}
            error={errors.size}
          />
          <div className="request__budget">
            <FormField
              label="Budget from (£)"
              name="budgetMin"
              inputMode="decimal"
              maxLength={12}
              defaultValue={values.budgetMin ?? ""}
              error={errors.budgetMin}
            />
            <FormField
              label="Budget up to (£)"
              name="budgetMax"
              inputMode="decimal"
              maxLength={12}
              defaultValue={values.budgetMax ?? ""}
              error={errors.budgetMax}
            />
          </div>
          <FormField
            label="Wanted by"
            name="wantedBy"
            type="date"
            required={false}
            note="A birthday or a date it is for, if there is one."
            defaultValue={values.wantedBy ?? ""}
            error={errors.wantedBy}
          />
          <FormField
            label="Tell me about it"
            name="message"
            multiline
            rows={5}
            maxLength={REQUEST_MESSAGE_MAX}
            defaultValue={values.message ?? ""}
            error={errors.message}
          />
          <FormField
            label="Your Name"
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX}
            defaultValue={values.name ?? ""}
            error={errors.name}
          />
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            defaultValue={values.email ?? ""}
            error={errors.email}
          />
          <SpamGuards action="commission" resetKey={fetcher.data} />
          <PhotoPicker key={answers.count} kept={kept} error={errors.photos} />
          <div role="status" className="form-status">
            {success && !busy ? (
              <p className="form-success">
                <Icon name="check-circle" size={20} />
                {notice ?? REQUEST_SENT}
              </p>
            ) : null}
          </div>
          <div role="alert" className="form-status">
            {failure?.formError ? <p className="form-error">{failure.formError}</p> : null}
          </div>
          <button
            type="submit"
            name="intent"
            value="save"
            className="button button--primary form__submit"
            disabled={busy}
          >
            {busy ? "Sending..." : "Send request"}
          </button>
          <UploadProgress />
        </fetcher.Form>
      </div>
    </section>
  );
}
