import { browserSupportsWebAuthnAutofill, startAuthentication } from "@simplewebauthn/browser";
import { Fingerprint } from "lucide-react";
import { useEffect, useState } from "react";
import { postForJson, promptFailure } from "~/admin/device-passkey-client";
import { useHydrated } from "~/ui/use-hydrated";

type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** Asks for a challenge, lets the browser sign it, and sends the signature back: where to go, or why not. */
async function signInWithDevice(autofill: boolean, next: string | undefined): Promise<string> {
  const { options, error } = await postForJson<{ options?: Options }>("/api/device-passkey-sign-in", {
    intent: "options",
  });
  if (!options) throw new Error(error);
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  const answer = await postForJson<{ signedIn?: boolean; next?: string }>("/api/device-passkey-sign-in", {
    intent: "sign-in",
    response: JSON.stringify(response),
    ...(next ? { next } : {}),
  });
  if (!answer.signedIn || !answer.next) throw new Error(answer.error);
  return answer.next;
}

/**
 * "Sign in with a device passkey", above the shared Passkey field: the browser's own prompt on a press,
 * and its autofill (conditional mediation) where it has one. A full page load follows, as after the
 * shared passkey, so every part of the page sees the new session.
 */
export function DevicePasskeySignIn({
  next,
  sharedPasskeyOff,
  label = "Sign in with a device passkey",
}: {
  next?: string;
  sharedPasskeyOff: boolean;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      // Autofill offers device passkeys in the shared Passkey field, absent while that is turned off.
      if (sharedPasskeyOff || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        const goTo = await signInWithDevice(true, next);
        if (live) window.location.assign(goTo);
      } catch {
        // Autofill is only an offer: it is aborted by a press on the button, and a refusal is told there.
      }
    })();
    return () => {
      live = false;
    };
  }, [next, sharedPasskeyOff]);

  async function press() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await signInWithDevice(false, next));
    } catch (failure) {
      setError(promptFailure(failure));
      setBusy(false);
    }
  }

  return (
    <div className="sign-in__device">
      <button type="button" className="button button--primary" onClick={press} disabled={!hydrated || busy}>
        <Fingerprint size={16} aria-hidden="true" /> {busy ? "Waiting for the device..." : label}
      </button>
      <noscript>
        <p>
          {sharedPasskeyOff
            ? "Device passkeys need JavaScript, which is off in this browser."
            : "Device passkeys need JavaScript, which is off in this browser. The shared passkey below still works."}
        </p>
      </noscript>
      <div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
      {sharedPasskeyOff ? null : <p className="sign-in__or">or with the shared passkey</p>}
    </div>
  );
}
