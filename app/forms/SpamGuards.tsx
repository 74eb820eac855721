import { HoneypotField } from "~/forms/HoneypotField";
import type { ChallengeAction } from "~/forms/spam";
import { TurnstileWidget } from "~/forms/TurnstileWidget";

/** What every public form carries against spam: the honeypot, and Turnstile when it is configured. */
export function SpamGuards({ action, resetKey }: { action: ChallengeAction; resetKey?: unknown }) {
  return (
    <>
      <HoneypotField />
      <TurnstileWidget action={action} resetKey={resetKey} />
    </>
  );
}
