import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import { RowsField, type RowsFieldProps } from "~/forms/RowsField";
import { useAnswerCount } from "~/forms/use-answer-count";
import { rowsFromLists } from "~/forms/row-changes";
import type { FormResult } from "~/forms/result";
import { VERSION_FIELD } from "~/forms/submission";
import type { CommissionsContent } from "~/commissions/content";
import { COMMISSIONS_PATH } from "~/commissions/path";
import {
  GUIDE_SIZE_MAX,
  INTRO_MAX,
  NOTE_MAX,
  PRICE_FIELDS,
  PRICES_MAX,
  STEP_FIELDS,
  STEPS_MAX,
  SUBJECT_FIELDS,
  SUBJECTS_MAX,
  TEXT_MAX,
  TITLE_MAX,
  rowsOf,
} from "~/commissions/page-form";

/**
 * The commissions page's words, edited (/commissions/edit): the introduction, what she paints, the price guide,
 * the lead time and the steps, in the page's order. A refusal keeps everything typed, its messages on the fields.
 */
export function PageForm({ content, savedAt }: { content: CommissionsContent; savedAt: string | null }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const answers = useAnswerCount(result);
  const failure = result && !result.ok ? result : undefined;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const saved = rowsOf(content);
  // Busy until the page is read again after a save too: a second save sent before that would carry the old
  // version and be refused as made before the first.
  const busy = navigation.state !== "idle" && !!navigation.formData && !navigation.formData.has("rowChange");
  // The lists are drawn afresh for each answer (rows from what was typed after a refusal, from the page once
  // it is read again after a save: the answer comes first, the page after it); the rest keeps its fields.
  const rowsKey = `${answers}:${savedAt}`;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);
  return (
    <Form method="post" className="form commissions-editor" ref={form}>
      <input type="hidden" name={VERSION_FIELD} value={savedAt ?? ""} />
      <FormMessages
        error={
          failure?.formError ?? (Object.keys(errors).length > 0 ? "Please check the fields marked below." : undefined)
        }
        success={result?.ok ? result.notice : undefined}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Saving..." : "Save Page"}
      </button>
      <FormField
        label="Introduction"
        name="intro"
        multiline
        rows={4}
        maxLength={INTRO_MAX}
        defaultValue={values.intro ?? content.intro}
        error={errors.intro}
        note="The first words under the heading: what you paint to order."
      />
      <TitledRows
        key={`subjects:${rowsKey}`}
        group="subjects"
        fields={SUBJECT_FIELDS}
        legend="What I paint"
        item="Subject"
        max={SUBJECTS_MAX}
        initial={rowsFromLists(SUBJECT_FIELDS, failure?.lists) ?? saved.subjects}
        errors={errors}
      />
      <RowsField
        key={`prices:${rowsKey}`}
        group="prices"
        fields={PRICE_FIELDS}
        id="commission-prices"
        legend="Price guide"
        note="A size, and the price an original of it starts from."
        item="Price"
        max={PRICES_MAX}
        initial={rowsFromLists(PRICE_FIELDS, failure?.lists) ?? saved.prices}
        errors={errors}
        empty="No price guide: the page leaves it out."
      >
        {(row, messages) => (
          <div className="commissions-editor__price">
            <FormField
              label="Size"
              name={PRICE_FIELDS.size}
              maxLength={GUIDE_SIZE_MAX}
              autoComplete="off"
              defaultValue={row.size}
              error={messages.size}
            />
            <FormField
              label="From (£)"
              name={PRICE_FIELDS.from}
              inputMode="decimal"
              maxLength={12}
              autoComplete="off"
              defaultValue={row.from}
              error={messages.from}
            />
          </div>
        )}
      </RowsField>
      <FormField
        label="Under the price guide"
        name="pricesNote"
        multiline
        rows={3}
        required={false}
        maxLength={NOTE_MAX}
        defaultValue={values.pricesNote ?? content.pricesNote}
        error={errors.pricesNote}
        note="What the prices include, or how other media differ."
      />
      <FormField
        label="How long it takes"
        name="leadTime"
        multiline
        rows={3}
        maxLength={NOTE_MAX}
        defaultValue={values.leadTime ?? content.leadTime}
        error={errors.leadTime}
      />
      <TitledRows
        key={`steps:${rowsKey}`}
        group="steps"
        fields={STEP_FIELDS}
        legend="How it works"
        note="The steps of a commission, in order."
        item="Step"
        max={STEPS_MAX}
        initial={rowsFromLists(STEP_FIELDS, failure?.lists) ?? saved.steps}
        errors={errors}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving..." : "Save Page"}
        </button>
        <Link to={COMMISSIONS_PATH} className="button button--ghost">
          See the page
        </Link>
      </div>
    </Form>
  );
}

type TitledFields = { title: string; text: string };

/** A list of a heading and a line or two each: the subjects she paints, the steps of a commission. */
function TitledRows(props: Omit<RowsFieldProps<TitledFields>, "id" | "empty" | "className" | "children">) {
  const { group, fields } = props;
  return (
    <RowsField {...props} id={`commission-${group}`} empty={`No ${group} yet: add at least one.`}>
      {(row, messages) => (
        <>
          <FormField
            label="Heading"
            name={fields.title}
            maxLength={TITLE_MAX}
            autoComplete="off"
            defaultValue={row.title}
            error={messages.title}
          />
          <FormField
            label="Text"
            name={fields.text}
            multiline
            rows={2}
            maxLength={TEXT_MAX}
            defaultValue={row.text}
            error={messages.text}
          />
        </>
      )}
    </RowsField>
  );
}
