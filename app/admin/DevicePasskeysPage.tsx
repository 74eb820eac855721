import { Form, useActionData, useLocation, useRevalidator } from "@remix-run/react";
import { startRegistration } from "@simplewebauthn/browser";
import { Fingerprint, History, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { AdminPage } from "~/admin/AdminPage";
import { postForJson, promptFailure } from "~/admin/device-passkey-client";
import { DevicePasskeySignIn } from "~/admin/DevicePasskeySignIn";
import { FRESH_SIGN_IN_MINUTES } from "~/admin/fresh-sign-in";
import { SharedPasskeyForm, SignInForm, type SignedOut } from "~/admin/SignInForm";
import type { FormResult } from "~/forms/result";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { formatDateTime } from "~/ui/dates";
import { useHydrated } from "~/ui/use-hydrated";

type DevicePasskey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };
type Change = { id: number; change: "added" | "removed"; passkeyName: string; device: string; at: string };
export type DevicePasskeysPageData =
  | SignedOut
  | {
      signedIn: true;
      passkeys: DevicePasskey[];
      changes: Change[];
      /** Whether this session signed in recently enough to add one; until when. */
      mayAdd: boolean;
      mayAddUntil: string;
      sharedPasskeyOff: boolean;
    };

/** Device passkeys: the list (name, added, last used, Remove), the form that enrols this device, and what changed. */
export function DevicePasskeysPage({ data }: { data: DevicePasskeysPageData }) {
  const result = useActionData<FormResult>();
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  // A wrong passkey typed to sign in again is told beside its field, not here.
  const signingInAgain = result && !result.ok && result.values.intent === "login";
  return (
    <AdminPage title="Device passkeys" className="device-passkeys-page">
      <p className="devices__lead">
        A device passkey signs you in with this phone or computer&apos;s own lock (Face ID, a fingerprint, a PIN)
        instead of typing the shared passkey. Add one on each device you use.
      </p>
      <div role="status">
        {result?.ok && result.notice ? <p className="form-success">{result.notice}</p> : null}
        {result && !result.ok && !signingInAgain ? (
          <p className="form-error form-error--panel">{result.formError}</p>
        ) : null}
      </div>
      {data.mayAdd ? (
        <AddDevicePasskey until={data.mayAddUntil} />
      ) : (
        <SignInAgain
          withDevicePasskey={data.passkeys.length > 0}
          sharedPasskeyOff={data.sharedPasskeyOff}
          failure={signingInAgain ? result : undefined}
        />
      )}
      <section className="device-passkeys__list" aria-labelledby="device-passkeys-title">
        <h2 id="device-passkeys-title">Your device passkeys</h2>
        {data.passkeys.length === 0 ? (
          <p>No device passkeys yet.</p>
        ) : (
          <ul className="devices">
            {data.passkeys.map((passkey) => (
              <li key={passkey.id} className="devices__item">
                <span className="devices__name">{passkey.name}</span>
                <span className="devices__when">
                  Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>,{" "}
                  {passkey.lastUsedAt ? (
                    <>
                      last used <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
                    </>
                  ) : (
                    "not used yet"
                  )}
                </span>
                <Form method="post" className="devices__remove">
                  <input type="hidden" name="id" value={passkey.id} />
                  <ConfirmButton
                    confirmText={`Remove the device passkey "${passkey.name}"? It signs in no more, and every browser it signed in is signed out, this one too if it did. That device will need the shared passkey, or a new device passkey, to sign in.`}
                    name="intent"
                    value="remove"
                    className="button button--ghost"
                    aria-label={`Remove ${passkey.name}`}
                  >
                    <Trash2 size={16} aria-hidden="true" /> Remove
                  </ConfirmButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Changes changes={data.changes} />
    </AdminPage>
  );
}

/**
 * Adding a device passkey needs a recent sign-in: a session older than a few minutes signs in again here
 * first (a device passkey, or the shared passkey posted to this page), and comes back to this page.
 */
function SignInAgain({
  withDevicePasskey,
  sharedPasskeyOff,
  failure,
}: {
  withDevicePasskey: boolean;
  sharedPasskeyOff: boolean;
  failure?: Extract<FormResult, { ok: false }>;
}) {
  return (
    <section className="form device-passkeys__add" aria-labelledby="add-device-passkey-title">
      <h2 id="add-device-passkey-title">Add this device</h2>
      <p>
        {`Adding a device passkey needs a sign-in within the last ${FRESH_SIGN_IN_MINUTES} minutes, so that a minute at an unlocked screen is not enough. Please sign in again to continue.`}
      </p>
      {withDevicePasskey ? (
        <DevicePasskeySignIn
          next="/device-passkeys"
          sharedPasskeyOff={sharedPasskeyOff}
          label="Sign in again with a device passkey"
        />
      ) : null}
      {sharedPasskeyOff ? null : <SharedPasskeyForm failure={failure} />}
    </section>
  );
}

/** Every device passkey added or removed lately, newest first: each was e-mailed to the artist as well. */
function Changes({ changes }: { changes: Change[] }) {
  return (
    <section className="device-passkeys__list" aria-labelledby="device-passkey-changes-title">
      <h2 id="device-passkey-changes-title">
        <History size={20} aria-hidden="true" /> Added and removed
      </h2>
      {changes.length === 0 ? (
        <p>No device passkey has been added or removed yet.</p>
      ) : (
        <ul className="devices">
          {changes.map((change) => (
            <li key={change.id} className="devices__item">
              <span className="devices__name">
                {`${change.change === "added" ? "Added" : "Removed"} “${change.passkeyName}”`}
              </span>
              <span className="devices__when">
                {`from ${change.device}, `}
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddDevicePasskey({ until }: { until: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("name");
    if (typeof name !== "string" || name.trim() === "") return;
    setBusy(true);
    setMessage(null);
    try {
      const { options, error, signInAgain } = await postForJson<{
        options: Parameters<typeof startRegistration>[0]["optionsJSON"];
        signInAgain?: boolean;
      }>("/api/device-passkeys", { intent: "options" });
      // The few minutes since signing in are up: the page then asks to sign in again.
      if (signInAgain) revalidator.revalidate();
      if (!options) throw new Error(error);
      const response = await startRegistration({ optionsJSON: options });
      const added = await postForJson<{ added?: boolean; signInAgain?: boolean }>("/api/device-passkeys", {
        intent: "add",
        name,
        response: JSON.stringify(response),
      });
      if (added.signInAgain) revalidator.revalidate();
      if (!added.added) throw new Error(added.error);
      setMessage({ ok: true, text: `Device passkey "${name.trim()}" added.` });
      if (nameRef.current) nameRef.current.value = "";
      revalidator.revalidate();
    } catch (error) {
      setMessage({ ok: false, text: promptFailure(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form device-passkeys__add" onSubmit={add} aria-labelledby="add-device-passkey-title">
      <h2 id="add-device-passkey-title">Add this device</h2>
      <noscript>
        <p className="form-error">Device passkeys need JavaScript, which is off in this browser.</p>
      </noscript>
      <div className="field">
        <label htmlFor="device-passkey-name" className="field__label">
          Device name
        </label>
        <input
          ref={nameRef}
          id="device-passkey-name"
          name="name"
          type="text"
          required
          maxLength={60}
          placeholder="iPhone, Studio laptop"
          autoComplete="off"
          className="field__control"
        />
      </div>
      <p className="field__hint">
        You signed in a moment ago: you can add one until <time dateTime={until}>{formatDateTime(until)}</time>.
      </p>
      <div role="status">
        {message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
      </div>
      <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
        <Fingerprint size={16} aria-hidden="true" /> {busy ? "Waiting for the device..." : "Add a device passkey"}
      </button>
    </form>
  );
}
