import { HoneypotField } from "~/components/HoneypotField";
import { TurnstileWidget } from "~/components/TurnstileWidget";

/** What every public form carries against spam: the honeypot, and Turnstile when it is configured. */
export function SpamGuards({ resetKey }: { resetKey?: unknown }) {
  return (
    <>
      <HoneypotField />
      <TurnstileWidget resetKey={resetKey} />
    </>
  );
}
