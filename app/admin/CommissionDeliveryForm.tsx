import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { ARTWORK_TEXT_FIELDS } from "~/artworks/limits";
import { SaleDetailsFields } from "~/sales/SaleForm";
import { poundsText } from "~/ui/money";

export const DELIVER_INTENT = "deliver";

/**
 * Delivered: the finished work's title and a line about it, the sale's details (the quote's price, today,
 * the client as buyer), and whether the shop shows it as sold. Recording it numbers its certificate.
 */
export function CommissionDeliveryForm({
  submission,
  pricePence,
  client,
  today,
  hasPhoto,
}: {
  submission: string;
  pricePence: number | null;
  client: { name: string; email: string };
  today: string;
  /** Its picture is the latest progress photo: without one there is nothing to show. */
  hasPhoto: boolean;
}) {
  const page = useActionData<FormResult>();
  const navigation = useNavigation();
  const failure = page && !page.ok && page.values.intent === DELIVER_INTENT ? page : undefined;
  const values: Record<string, string | undefined> = {
    price: pricePence === null ? "" : poundsText(pricePence),
    soldOn: today,
    payment: "bank-transfer",
    shipping: "hand-delivered",
    name: client.name,
    email: client.email,
    address: "",
    note: "A commission.",
    ...failure?.values,
  };
  const errors = failure?.errors ?? {};
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === DELIVER_INTENT;
  return (
    <section aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="requests__heading">
        Delivered
      </h2>
      {hasPhoto ? null : (
        <p id="delivery-needs-photo" className="requests__note">
          Share a photo of the finished painting first: its certificate shows it.
        </p>
      )}
      <Form method="post" className="form">
        <input type="hidden" name="intent" value={DELIVER_INTENT} />
        <input type="hidden" name={SUBMISSION_FIELD} value={values[SUBMISSION_FIELD] ?? submission} />
        <FormField
          label="Title of the finished work"
          name="title"
          maxLength={ARTWORK_TEXT_FIELDS.title.max}
          defaultValue={values.title ?? ""}
          error={errors.title}
        />
        <FormField
          label="About it"
          name="description"
          multiline
          rows={3}
          maxLength={ARTWORK_TEXT_FIELDS.description.max}
          defaultValue={values.description ?? "Painted to order."}
          error={errors.description}
        />
        <SaleDetailsFields values={values} errors={errors} />
        <CheckboxField
          label="Show it in the shop as sold"
          name="shop"
          defaultChecked={failure ? values.shop === "on" : true}
          note="In Custom Work, with the latest progress photo, marked SOLD and priced “Commissioned”. Untick to keep it off the shop."
        />
        <FormMessages error={failure?.formError} />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !hasPhoto}
          aria-describedby={hasPhoto ? undefined : "delivery-needs-photo"}
        >
          {busy ? "Recording..." : "Mark delivered and record the sale"}
        </button>
      </Form>
    </section>
  );
}
