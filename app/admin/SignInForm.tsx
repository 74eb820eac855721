import { Form, useActionData, useNavigation } from "@remix-run/react";
import { LockKeyhole } from "lucide-react";
import { useEffect, useRef } from "react";
import { DevicePasskeySignIn } from "~/admin/DevicePasskeySignIn";
import type { FormResult } from "~/forms/result";

/** 'Admin Access': the passkey is checked on the server, which then sets a signed session cookie. */
export function SignInForm({ next, notice }: { next?: string; notice?: string } = {}) {
  const result = useActionData<FormResult>();
  const failure = result && !result.ok ? result : undefined;
  // After a wrong passkey on /dashboard, the page the admin came from is still the goal.
  next ??= failure?.values.next;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (failure?.formError) inputRef.current?.focus();
  }, [failure]);

  return (
    <section className="section page sign-in" aria-labelledby="sign-in-title">
      <div className="card-panel sign-in__panel">
        <LockKeyhole size={32} aria-hidden="true" className="sign-in__icon" />
        <h1 id="sign-in-title">Admin Access</h1>
        <p className="sign-in__lead">Enter the passkey to manage artworks, events, testimonials and messages.</p>
        <div role="status">{notice && !failure ? <p className="form-success">{notice}</p> : null}</div>
        <DevicePasskeySignIn next={next} />
        {/* From another admin page the form signs in through /dashboard, which then returns there. */}
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
              className={`field__control${failure?.formError ? " field__control--invalid" : ""}`}
              aria-invalid={failure?.formError ? true : undefined}
              aria-describedby={failure?.formError ? "passkey-error" : undefined}
            />
          </div>
          <div role="alert">
            {failure?.formError ? (
              <p id="passkey-error" className="form-error">
                {failure.formError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </button>
        </Form>
      </div>
    </section>
  );
}
