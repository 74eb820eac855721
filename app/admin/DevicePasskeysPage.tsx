import { Form, useActionData, useLocation, useRevalidator } from "@remix-run/react";
import { startRegistration } from "@simplewebauthn/browser";
import { Fingerprint, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { AdminPage } from "~/admin/AdminPage";
import { postForJson, promptFailure } from "~/admin/device-passkey-client";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { formatDateTime } from "~/ui/dates";
import { useHydrated } from "~/ui/use-hydrated";

type DevicePasskey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };
export type DevicePasskeysPageData = SignedOut | { signedIn: true; passkeys: DevicePasskey[] };

/** Device passkeys: the list (name, added, last used, Remove) and the form that enrols this device. */
export function DevicePasskeysPage({ data }: { data: DevicePasskeysPageData }) {
  const result = useActionData<{ ok: boolean; notice?: string; formError?: string }>();
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Device passkeys" className="device-passkeys-page">
      <p className="devices__lead">
        A device passkey signs you in with this phone or computer&apos;s own lock (Face ID, a fingerprint, a PIN)
        instead of typing the shared passkey. Add one on each device you use.
      </p>
      <div role="status">
        {result?.ok && result.notice ? <p className="form-success">{result.notice}</p> : null}
        {result && !result.ok ? <p className="form-error form-error--panel">{result.formError}</p> : null}
      </div>
      <AddDevicePasskey />
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
                    confirmText={`Remove the device passkey "${passkey.name}"? That device will need the shared passkey, or a new device passkey, to sign in.`}
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
    </AdminPage>
  );
}

function AddDevicePasskey() {
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
      const { options, error } = await postForJson<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>(
        "/api/device-passkeys",
        { intent: "options" },
      );
      if (!options) throw new Error(error);
      const response = await startRegistration({ optionsJSON: options });
      const added = await postForJson<{ added?: boolean }>("/api/device-passkeys", {
        intent: "add",
        name,
        response: JSON.stringify(response),
      });
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
      <div role="status">
        {message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
      </div>
      <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
        <Fingerprint size={16} aria-hidden="true" /> {busy ? "Waiting for the device..." : "Add a device passkey"}
      </button>
    </form>
  );
}
