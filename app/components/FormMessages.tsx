/**
 * The outcome of a form, read out by screen readers: a failure (role=alert) or a success
 * (role=status). Both regions are always present so assistive technology is listening before the
 * message arrives.
 */
export function FormMessages({ error, success }: { error?: string; success?: string }) {
  return (
    <div className="form-messages">
      <div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
      <div role="status">{success ? <p className="form-success">{success}</p> : null}</div>
    </div>
  );
}
