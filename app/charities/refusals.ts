import type { FieldRefusal } from "~/forms/result.server";

/** Why a charity was not saved or deleted, said on the field it concerns (or the whole form). */
export const CHARITY_REFUSALS = {
  missing: { status: 404, field: "form", message: "That charity no longer exists." },
  "number-taken": { status: 409, field: "number", message: "A charity with this number is on the list already." },
  pledged: {
    status: 409,
    field: "form",
    message:
      "Sales pledged to this charity or donations to it are on record, so it stays on the list: edit it instead.",
  },
} satisfies Record<string, FieldRefusal>;
