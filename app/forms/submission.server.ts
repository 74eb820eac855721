// A create form names its one submission: the id its new row will take, made when the form is shown
// (the create pages' loaders). Sent again (after a lost answer, a second tap on a weak signal), it finds
// the row the first sending made instead of making another: the insert does nothing on that id.
import { SUBMISSION_FIELD } from "~/forms/submission";
import { newId } from "~/platform/id";

/** The form's submission id when it is one of ours (20 letters and digits, as newId makes), else a new one. */
export function submissionIdOf(fields: FormData): string {
  const value = fields.get(SUBMISSION_FIELD);
  return typeof value === "string" && /^[0-9A-Za-z]{20}$/.test(value) ? value : newId();
}
