import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { NAME_MAX } from "~/messages/limits";
import type { SaleFormStart } from "~/sales/sale-form.server";
import { DeskFormLead } from "~/sales/SaleForm";

/**
 * The Reserve form: the work (or which option a print is held of), who it is held for (the enquirer)
 * and the last day; visitors then read "Reserved" and can still ask to be told if it becomes free.
 */
export function ReserveForm({ data }: { data: SaleFormStart }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const values = { ...data.start, ...failure?.values };
  const errors = failure?.errors ?? {};
  const busy = navigation.state === "submitting";
  return (
    <>
      <DeskFormLead data={data} />
      <Form method="post" className="form">
        <input type="hidden" name="artwork" value={data.artwork.id} />
        <input type="hidden" name="enquiry" value={values.enquiry} />
        {data.options.length > 0 ? (
          <FormField
            label="Option held"
            name="option"
            required={false}
            defaultValue={values.option}
            options={data.options.map((option) => ({ value: option.id, label: `${option.name} — ${option.stock}` }))}
            note="One print of it is held; the others stay on sale."
            error={errors.option}
          />
        ) : (
          <input type="hidden" name="option" value="" />
        )}
        <FormField
          label="Held for"
          name="name"
          maxLength={NAME_MAX}
          autoComplete="off"
          defaultValue={values.name}
          note="Only you see this; visitors read “Reserved”."
          error={errors.name}
        />
        <FormField
          label="Last day held"
          name="until"
          type="date"
          defaultValue={values.until}
          note="It becomes available again the day after, unless you record the sale first."
          error={errors.until}
        />
        <FormMessages error={failure?.formError} />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Reserving..." : "Reserve"}
          </button>
        </div>
      </Form>
    </>
  );
}
