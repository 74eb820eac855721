// A visitor's form (contact, enquiry, testimonial) is taken in one way: the spam guards, then stored
// within its site-wide hourly cap, then answered; the feature says how to store it, what to do once it
// is stored, and the texts its visitors know when it cannot be.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { formFailure, formSuccess } from "~/forms/result.server";
import { receiveVisitorForm } from "~/forms/spam.server";
import type { ChallengeAction } from "~/forms/spam";

export type VisitorForm<S extends z.ZodObject, Stored> = {
  schema: S;
  /** The form's Turnstile action, which its token must carry. */
  challenge: ChallengeAction;
  /** Stores what was typed; null when the site-wide hourly cap is already reached (nothing stored). */
  store: (input: z.infer<S>) => Promise<Stored | null>;
  /** Runs once the submission is safely stored (e.g. telling the artist after the response). */
  afterStored?: (stored: Stored) => void;
  /** For the log, when storing fails: "a testimonial". */
  what: string;
  /** For the visitor, when storing fails (503). */
  failed: string;
  /** For the visitor, when the hourly cap is reached (429). */
  busy: string;
};

/** The answer to a visitor's form, which its action returns. What was typed is kept on every refusal. */
export async function takeVisitorForm<S extends z.ZodObject, Stored>(
  request: Request,
  context: AppLoadContext,
  form: VisitorForm<S, Stored>,
) {
  const received = await receiveVisitorForm(request, context, form.schema, form.challenge);
  if (received.outcome === "trap") return formSuccess();
  if (received.outcome === "refused") return received.refusal;
  let stored;
  try {
    stored = await form.store(received.input);
  } catch (error) {
    console.error(`Storing ${form.what} failed:`, error);
    return formFailure(503, { kept: received, formError: form.failed });
  }
  if (!stored) return formFailure(429, { kept: received, formError: form.busy });
  form.afterStored?.(stored);
  return formSuccess();
}
