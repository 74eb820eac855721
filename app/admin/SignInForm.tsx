import { Form, useActionData, useNavigation } from "@remix-run/react";
import { LockKeyhole } from "lucide-react";
import { useEffect, useRef } from "react";
import { DevicePasskeySignIn } from "~/admin/DevicePasskeySignIn";
import type { FormFailure, FormResult } from "~/forms/result";

/** What an admin page's loader gives a visitor without a session (app/admin/sign-in.server.ts, `signedOut`). */
export type SignedOut = { signedIn: false; sharedPasskeyOff: boolean };

/**
 * 'Admin Access': a device passkey first, then the shared passkey, both checked on the server, which
 * then sets a signed session cookie. With shared-passkey sign-in turned off, the screen says how to
 * turn it back on instead of offering a field that would only be refused.
 */
export function SignInForm({
  next,
  notice,
  sharedPasskeyOff = false,
}: { next?: string; notice?: string; sharedPasskeyOff?: boolean } = {}) {
  const result = useActionData<FormResult>();
  const failure = result && !result.ok ? result : undefined;
  // After a wrong passkey on /dashboard, the page the admin came from is still the goal.
  next ??= failure?.values.next;

  return (
    <section className="section page sign-in" aria-labelledby="sign-in-title">
      <div className="card-panel sign-in__panel">
        <LockKeyhole size={32} aria-hidden="true" className="sign-in__icon" />
        <h1 id="sign-in-title">Admin Access</h1>
        <p className="sign-in__lead">
          {sharedPasskeyOff
            ? "Sign in with a device passkey to manage artworks, events, testimonials and messages."
            : "Enter the passkey to manage artworks, events, testimonials and messages."}
        </p>
        <div role="status">{notice && !failure ? <p className="form-success">{notice}</p> : null}</div>
        <DevicePasskeySignIn next={next} sharedPasskeyOff={sharedPasskeyOff} />
        {sharedPasskeyOff ? (
          <p className="sign-in__recovery">
            The shared passkey is turned off. To recover without a device passkey, set SHARED_PASSKEY_SIGN_IN to on
            (wrangler.toml) and deploy.
          </p>
        ) : (
          <SharedPasskeyForm next={next} failure={failure} />
        )}
      </div>
    </section>
  );
}

/**
 * The spec's Passkey field. From another admin page it signs in through /dashboard, which then returns
 * there; without `next` it posts to the page it is on (Device passkeys' "sign in again").
 */
export function SharedPasskeyForm({ next, failure }: { next?: string; failure?: FormFailure }) {
  const formError = failure?.formError;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (failure?.formError) inputRef.current?.focus();
  }, [failure]);

  return (
    <Form method="post" action={next ? "/dashboard" : undefined} className="form">
      <input type="hidden" name="intent" value="login" />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <div className="field">
        <label htmlFor="passkey" className="field__label">
          Passkey
        </label>
        <input
          ref={inputRef}
          id="passkey"
          name="passkey"
          type="password"
          required
          // "webauthn": where the browser supports it, its autofill offers device passkeys here too.
          autoComplete="current-password webauthn"
          className={`field__control${formError ? " field__control--invalid" : ""}`}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? "passkey-error" : undefined}
        />
      </div>
      <div role="alert">
        {formError ? (
          <p id="passkey-error" className="form-error">
            {formError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </button>
    </Form>
  );
}
