import { FormField } from "~/forms/FormField";

/** The spec's Passkey field on admin forms, for a visitor who arrives signed out; `error` is the guard's refusal. */
export function PasskeyField({ error }: { error?: string }) {
  return <FormField label="Passkey" name="passkey" type="password" autoComplete="current-password" error={error} />;
}
