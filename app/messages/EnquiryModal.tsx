import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FormField } from "~/forms/FormField";
import { useTypedBeforeCode } from "~/forms/typed-before-code";
import { SpamGuards } from "~/forms/SpamGuards";
import type { ArtworkView, OptionView } from "~/artworks/view";
import { ADDRESS_MAX, EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from "~/messages/limits";
import { artworkPath } from "~/artworks/path";
import type { FormResult } from "~/forms/result";
import { useTimeout } from "~/ui/use-timeout";
import { trackEvent } from "~/analytics/client";
import { Icon } from "~/ui/Icon";

// What Tab can reach inside the dialog: the focus trap cycles through these.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * The enquiry dialog. Without JavaScript it is rendered open (?enquire=1) and its form posts to the route's
 * action; with JavaScript it opens in place and submits through a fetcher.
 */
export function EnquiryModal({
  artwork,
  option,
  open,
  hydrated,
  onClose,
}: {
  artwork: ArtworkView;
  /** The option chosen on the page, preselected. */
  option: string | undefined;
  open: boolean;
  hydrated: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const fetcher = useFetcher<FormResult>();
  const actionData = useActionData<FormResult>();
  const result = fetcher.data ?? actionData;
  // A result stays in fetcher.data after it has been dealt with; this remembers which one was.
  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const current = result && result !== dismissed ? result : undefined;
  const succeeded = current?.ok === true;
  const failure = current && !current.ok ? current : undefined;
  const busy = fetcher.state !== "idle";
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const fieldErrorCount = Object.keys(errors).length;

  useEffect(() => {
    if (current?.ok) trackEvent("enquiry_sent", artwork.id);
  }, [current, artwork.id]);

  // Success: 'Enquiry Sent!' for 3 s, then the modal closes and the fields are cleared.
  useTimeout(succeeded && open && hydrated, () => {
    setDismissed(result);
    setFormKey((key) => key + 1);
    onClose();
  });

  // Focus moves into the dialog when it opens, to the first field the server rejected if any; not when
  // it was opened with the page and is being typed in as the code comes.
  const typedBeforeCode = useTypedBeforeCode(formRef);
  useEffect(() => {
    const typing = typedBeforeCode();
    if (!open || typing) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>("input, textarea");
    target?.focus();
  }, [open, failure, typedBeforeCode]);

  // Escape closes; the page behind does not scroll while the dialog is open.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  // Tab and Shift+Tab stay inside the dialog.
  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const pagePath = artworkPath(artwork.id);

  return (
    <div className="modal" hidden={!open}>
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps Tab inside itself */}
      <div
        ref={panelRef}
        className="modal__panel card-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapFocus}
      >
        <div className="modal__head">
          <div>
            <p className="modal__eyebrow">Make an enquiry</p>
            <h2 id={titleId} className="modal__title">
              {artwork.title}
            </h2>
          </div>
          {hydrated ? (
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              <Icon name="x" size={22} />
            </button>
          ) : null}
        </div>
        <p className="modal__intro">I will reply by e-mail. Payment is arranged with you after your enquiry.</p>

        <fetcher.Form
          key={formKey}
          ref={formRef}
          method="post"
          action={`${pagePath}?enquire=1`}
          className="form"
          aria-describedby={failure ? `${titleId}-problem` : undefined}
        >
          <div id={`${titleId}-problem`} role="alert" className="form-problem">
            {failure?.formError ? (
              <p className="form-error">{failure.formError}</p>
            ) : fieldErrorCount > 0 ? (
              <p className="form-error">Please check the {fieldErrorCount === 1 ? "field" : "fields"} marked below.</p>
            ) : null}
          </div>
          {artwork.options.length > 0 ? (
            <FormField
              // A new choice on the page (another option's Enquire) is shown; what was typed elsewhere stays.
              key={option}
              label="Option"
              name="option"
              options={optionChoices(artwork.options)}
              defaultValue={values.option ?? chosenOption(artwork.options, option)}
              error={errors.option}
            />
          ) : null}
          <FormField
            label="Full Name"
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX}
            defaultValue={values.name}
            error={errors.name}
          />
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            defaultValue={values.email}
            error={errors.email}
          />
          <FormField
            label="Address"
            name="address"
            multiline
            rows={2}
            autoComplete="street-address"
            maxLength={ADDRESS_MAX}
            defaultValue={values.address}
            error={errors.address}
          />
          <FormField
            label="Message"
            name="message"
            multiline
            rows={4}
            maxLength={MESSAGE_MAX}
            defaultValue={values.message}
            error={errors.message}
          />
          <SpamGuards action="enquiry" resetKey={fetcher.data} />
          <div className="modal__buttons">
            {hydrated ? (
              <button type="button" className="button button--ghost" onClick={onClose}>
                Cancel
              </button>
            ) : (
              <a href={pagePath} className="button button--ghost">
                Cancel
              </a>
            )}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending..." : "Send Enquiry"}
            </button>
          </div>
        </fetcher.Form>

        <div role="status" className={succeeded ? "success-overlay" : "visually-hidden"}>
          {succeeded ? (
            <>
              <Icon name="check-circle" size={48} />
              <h3>Enquiry Sent!</h3>
              <p>Thank you for your interest in “{artwork.title}”. I will reply by e-mail soon.</p>
              {hydrated ? null : (
                <a href={pagePath} className="button button--secondary">
                  Back to the artwork
                </a>
              )}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The dialog's choice of option: each by its label with its price, a sold-out one said so; a prompt first when none is chosen. */
function optionChoices(options: OptionView[]): { value: string; label: string }[] {
  return [
    ...(options.length > 1 ? [{ value: "", label: "Choose a size or edition" }] : []),
    ...options.map((option) => ({
      value: option.id,
      // Short enough for a phone's select; the page beside it gives each size.
      label: `${option.label} · ${option.price}${option.soldOut ? " (sold out)" : ""}`,
    })),
  ];
}

/** The option the page chose, when the artwork has it; the only one when there is one. */
function chosenOption(options: OptionView[], chosen: string | undefined): string {
  if (options.some((option) => option.id === chosen)) return chosen!;
  return options.length === 1 ? options[0]!.id : "";
}
