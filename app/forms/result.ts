// The one answer shape of every form action, read by the forms on the page (with or without JavaScript).

/** A form that was refused: one message per field, one for the whole form, and everything that was typed. */
export type FormFailure = {
  ok: false;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** What was ticked in fields that carry several values (checkbox groups). */
  lists?: Record<string, string[]>;
  formError?: string;
};

/** A form that was accepted; `notice` is shown when the page stays (an edit saved). */
export type FormSuccess = { ok: true; notice?: string };

export type FormResult = FormSuccess | FormFailure;
