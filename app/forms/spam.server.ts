// Spam defence for the public forms (enquiry, contact, testimonial) without a CAPTCHA by default: a
// honeypot field, a per-IP limit, and Cloudflare Turnstile when its keys are configured.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientIp, clientNetwork } from "~/platform/client-ip";
import { HONEYPOT_FIELD, type ChallengeAction } from "~/forms/spam";

export const TOO_MANY_SUBMISSIONS =
  "You have sent several messages in a short time. Please wait a minute and try again.";
export const CHALLENGE_FAILED = "Please complete the security check and try again.";
export const TURNSTILE_RESPONSE_FIELD = "cf-turnstile-response";

/** True when the hidden field people never see was filled in: a bot. It gets an ordinary-looking success. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/**
 * Checks a visitor's submission that passed validation against the per-IP limit (FORM_LIMITER) and,
 * when configured, Turnstile (unless `challenged`: its token was checked already, and is spent). Returns
 * why it is refused (status and message), or null to go ahead.
 */
export async function screenSubmission(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  action: ChallengeAction,
  { challenged = false }: { challenged?: boolean } = {},
): Promise<{ status: 400 | 429; message: string } | null> {
  const { success } = await context.cloudflare.env.FORM_LIMITER.limit({ key: `form:${clientNetwork(request)}` });
  if (!success) return { status: 429, message: TOO_MANY_SUBMISSIONS };
  return challenged ? null : challengeRefusal(request, context, form, action);
}

/**
 * Turnstile's verdict on the form's token when its keys are configured: why it is refused, or null. A
 * form whose files are stored as they arrive asks this before the first one (its token comes before them).
 */
export async function challengeRefusal(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  action: ChallengeAction,
): Promise<{ status: 400; message: string } | null> {
  const secret = context.env.TURNSTILE_SECRET_KEY;
  if (!secret) return null;
  const token = form.get(TURNSTILE_RESPONSE_FIELD);
  const passed = await turnstilePassed({
    verifyUrl: context.env.TURNSTILE_VERIFY_URL,
    secret,
    token,
    ip: clientIp(request),
    expected: { hostname: new URL(context.env.SITE_URL).hostname, action },
  });
  return passed ? null : { status: 400, message: CHALLENGE_FAILED };
}

/**
 * Cloudflare's documented test secrets (1x… passes, 2x… fails, 3x… spent): siteverify answers them
 * for any page, with hostname "example.com" and no action, so only a real secret's answer can say
 * where and for which form the challenge was solved.
 */
const TEST_SECRET = /^[123]x0{31}AA$/;

async function turnstilePassed({
  verifyUrl,
  secret,
  token,
  ip,
  expected,
}: {
  verifyUrl: string;
  secret: string;
  token: FormDataEntryValue | null;
  ip: string;
  /** This site's host and the form's action: a token solved elsewhere, or on another form, is refused. */
  expected: { hostname: string; action: ChallengeAction };
}): Promise<boolean> {
  if (typeof token !== "string" || token === "" || token.length > 2048) return false;
  const body = new URLSearchParams({ secret, response: token });
  if (ip !== "unknown") body.set("remoteip", ip);
  try {
    const response = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    const outcome = (await response.json()) as {
      success?: boolean;
      "error-codes"?: string[];
      hostname?: string;
      action?: string;
    };
    if (!outcome.success) {
      console.warn("Turnstile refused a submission:", outcome["error-codes"]);
      return false;
    }
    if (TEST_SECRET.test(secret)) return true;
    if (outcome.hostname !== expected.hostname || outcome.action !== expected.action) {
      console.warn(
        `Turnstile token for ${outcome.hostname}/${outcome.action}, expected ${expected.hostname}/${expected.action}`,
      );
      return false;
    }
    return true;
  } catch (error) {
    // Siteverify unreachable: refuse rather than let unchecked traffic through; the visitor can retry.
    console.error("Turnstile siteverify failed:", error);
    return false;
  }
}
