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

/** What was typed: a parse result of ~/forms/parse.server (its field errors come along) or plain values. */
export type Kept = {
  values: Record<string, string>;
  lists?: Record<string, string[]>;
  errors?: Record<string, string>;
};

/**
 * What was typed into a form read only in part or not sent (an upload refused half-way or stopped, a refused sign-in), to show
 * it again; never the passkey.
 */
export function keptFrom(fields: FormData): Kept {
  // Field names come from the request: a part named "__proto__" must land in its own entry, not the prototype.
  const values: Record<string, string> = Object.create(null);
  const lists: Record<string, string[]> = Object.create(null);
  for (const [name, value] of fields) {
    if (name === "passkey" || typeof value !== "string") continue;
    values[name] ??= value;
    (lists[name] ??= []).push(value);
  }
  return { values, lists };
}
