import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { poundsText } from "~/ui/money";
import { printSold } from "~/sales/editions";
import type { SaleRow } from "~/sales/queries.server";
import { SaleDetailsFields } from "~/sales/SaleForm";

/** What was sold, said once; then its details, to change or complete (a buyer and a price after a one tap). */
export function SaleDetailsForm({ sale }: { sale: SaleRow & { buyerAddress: string | null } }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const values = {
    price: sale.pricePence === null ? "" : poundsText(sale.pricePence),
    soldOn: sale.soldOn,
    payment: sale.payment,
    shipping: sale.shipping,
    name: sale.buyerName ?? "",
    email: sale.buyerEmail ?? "",
    address: sale.buyerAddress ?? "",
    note: sale.note,
    ...failure?.values,
  };
  const what = printSold(sale);
  // The page's other form (E-mail Receipt) posts here too: only this one's sending says "Saving...".
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "receipt";
  return (
    <Form method="post" className="form">
      {what ? <p className="admin-form__lead">{what}</p> : null}
      <SaleDetailsFields values={values} errors={failure?.errors ?? {}} />
      <FormMessages error={failure?.formError} success={result?.ok ? result.notice : undefined} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving..." : "Save Sale"}
        </button>
      </div>
    </Form>
  );
}
