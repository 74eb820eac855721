import { HONEYPOT_FIELD } from "~/forms/spam";

/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of the tab
 * order) but form-filling bots do. The server quietly drops a submission that fills it in.
 */
export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
