import { HoneypotField } from "~/forms/HoneypotField";
import { TurnstileWidget } from "~/forms/TurnstileWidget";

/** What every public form carries against spam: the honeypot, and Turnstile when it is configured. */
export function SpamGuards({ resetKey }: { resetKey?: unknown }) {
  return (
    <>
      <HoneypotField />
      <TurnstileWidget resetKey={resetKey} />
    </>
  );
}
