import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { artworkPath } from "~/artworks/path";
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX } from "~/messages/limits";
import { SALE_NOTE_MAX } from "~/sales/form";
import { editionText } from "~/sales/editions";
import { SALES_PATH } from "~/sales/path";
import type { SaleFormStart } from "~/sales/sale-form.server";
import { PAYMENTS, SHIPPINGS } from "~/sales/ways";

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The "Record a Sale" form: what was sold (the option and print number of a print), for how much, when and how,
 * and to whom (prefilled from the enquiry it comes from, or left blank for a sale with no buyer yet).
 */
export function SaleForm({ data }: { data: SaleFormStart }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const values = { ...data.start, ...failure?.values };
  const errors = failure?.errors ?? {};
  const busy = navigation.state === "submitting";
  const limited = data.options.filter((option) => option.edition !== null && option.next !== null);
  return (
    <>
      <DeskFormLead data={data} />
      {data.soldAlready ? (
        <p className="form-error">
          This original is sold already. <Link to={SALES_PATH}>See its sale</Link>, and undo it there if it did not go
          ahead.
        </p>
      ) : null}
      <Form method="post" className="form">
        <input type="hidden" name={SUBMISSION_FIELD} value={data.submission} />
        <input type="hidden" name="artwork" value={data.artwork.id} />
        <input type="hidden" name="enquiry" value={values.enquiry} />
        {data.options.length > 0 ? (
          <>
            <FormField
              label="Option sold"
              name="option"
              required={false}
              defaultValue={values.option}
              options={data.options.map((option) => ({
                value: option.id,
                label: `${option.name} — ${option.stock}`,
              }))}
              error={errors.option}
            />
            {limited.length > 0 ? (
              <FormField
                label="Print number"
                name="editionNumber"
                required={false}
                inputMode="numeric"
                maxLength={6}
                autoComplete="off"
                defaultValue={values.editionNumber}
                note={`Blank: the next free number. Next free: ${limited
                  .map((option) => `${option.name} ${editionText(option.next!, option.edition!)}`)
                  .join("; ")}.`}
                error={errors.editionNumber}
              />
            ) : null}
          </>
        ) : (
          <input type="hidden" name="option" value="" />
        )}
        <SaleDetailsFields values={values} errors={errors} />
        <FormMessages error={failure?.formError} />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Recording..." : "Record Sale"}
          </button>
        </div>
      </Form>
    </>
  );
}

/** A sale's details, as recording it and changing it later ask for them. */
export function SaleDetailsFields({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
}) {
  return (
    <>
      <FormField
        label="Price paid (£)"
        name="price"
        inputMode="decimal"
        maxLength={12}
        autoComplete="off"
        defaultValue={values.price}
        error={errors.price}
      />
      <FormField label="Date of sale" name="soldOn" type="date" defaultValue={values.soldOn} error={errors.soldOn} />
      <FormField
        label="How it was paid"
        name="payment"
        required={false}
        options={choices(PAYMENTS)}
        defaultValue={values.payment}
        error={errors.payment}
      />
      <FormField
        label="How it reached the buyer"
        name="shipping"
        required={false}
        options={choices(SHIPPINGS)}
        defaultValue={values.shipping}
        error={errors.shipping}
      />
      <fieldset className="field">
        <legend className="field__label">Buyer</legend>
        <p className="field__note">Leave these blank for a sale with no buyer recorded; you can add them later.</p>
        <FormField
          label="Name"
          name="name"
          required={false}
          maxLength={NAME_MAX}
          autoComplete="off"
          defaultValue={values.name}
          error={errors.name}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          required={false}
          maxLength={EMAIL_MAX}
          autoComplete="off"
          defaultValue={values.email}
          error={errors.email}
        />
        <FormField
          label="Address"
          name="address"
          multiline
          rows={3}
          required={false}
          maxLength={ADDRESS_MAX}
          defaultValue={values.address}
          error={errors.address}
        />
      </fieldset>
      <FormField
        label="Note"
        name="note"
        multiline
        rows={3}
        required={false}
        maxLength={SALE_NOTE_MAX}
        defaultValue={values.note}
        error={errors.note}
      />
    </>
  );
}

/** Above the sales desk's forms: the artwork, and the enquiry the form starts from. */
export function DeskFormLead({ data }: { data: Pick<SaleFormStart, "artwork" | "enquiryFrom"> }) {
  return (
    <p className="admin-form__lead">
      <Link to={artworkPath(data.artwork.id)}>{data.artwork.title}</Link>
      {data.enquiryFrom ? <> · from the enquiry of {data.enquiryFrom}</> : null}
    </p>
  );
}
