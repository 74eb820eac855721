// A visitor's form (contact, enquiry, testimonial) is taken in one way, each step called in turn by
// the feature's intake: the spam guards (`receiveVisitorForm`), then the feature stores it within its
// site-wide hourly cap, then `answerVisitorForm` answers what storing came to, with the texts the
// form's visitors know. Nothing here calls back into the feature.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import type { Kept } from "~/forms/result";
import { isHoneypotFilled, screenSubmission } from "~/forms/spam.server";
import type { ChallengeAction } from "~/forms/spam";

/**
 * Reads a visitor's form and decides what happens to it: `trap` (honeypot filled: store nothing and
 * return `answer`, an ordinary success), `refused` (invalid, over the sender's limit, or failing the
 * challenge: return `answer`, which keeps what was typed), or `accepted` with the parsed input. The
 * site's hourly cap is checked as the form is stored, by the feature that stores it.
 */
export async function receiveVisitorForm<S extends z.ZodObject>(
  request: Request,
  context: AppLoadContext,
  schema: S,
  action: ChallengeAction,
  /** Fields that carry several values (checkbox groups). */
  lists: string[] = [],
) {
  const form = await readForm(request);
  // The trap's answer is the ordinary thanks, so a bot learns nothing.
  if (isHoneypotFilled(form)) return { outcome: "trap" as const, answer: formSuccess() };
  const parsed = parseForm(form, schema, { lists });
  if (!parsed.ok) return { outcome: "refused" as const, answer: formFailure(400, { kept: parsed }) };
  const screened = await screenSubmission(request, context, form, action);
  if (screened) {
    return {
      outcome: "refused" as const,
      answer: formFailure(screened.status, { kept: parsed, formError: screened.message }),
    };
  }
  return { outcome: "accepted" as const, input: parsed.data, values: parsed.values };
}

/** What trying to store the form came to: stored (with what was stored), refused by the hourly cap, or failed. */
export type Stored<T> = { outcome: "stored"; stored: T } | { outcome: "busy" | "failed" };

/** Waits for `storing`, logging a failure as `what` ("a testimonial") instead of throwing. */
export async function tryToStore<T>(what: string, storing: Promise<T | null>): Promise<Stored<T>> {
  try {
    const stored = await storing;
    return stored ? { outcome: "stored", stored } : { outcome: "busy" };
  } catch (error) {
    console.error(`Storing ${what} failed:`, error);
    return { outcome: "failed" };
  }
}

/** The answer to a visitor's form once storing was tried; what was typed is kept on every refusal. */
export function answerVisitorForm({ outcome }: Stored<unknown>, kept: Kept, texts: { failed: string; busy: string }) {
  if (outcome === "failed") return formFailure(503, { kept, formError: texts.failed });
  if (outcome === "busy") return formFailure(429, { kept, formError: texts.busy });
  return formSuccess();
}
