// The browser's side of device passkeys, shared by the sign-in form and the Device passkeys page.

/** POSTs a form body to one of the device passkey endpoints and reads its JSON answer. */
export async function postForJson<T>(path: string, fields: Record<string, string>): Promise<T & { error?: string }> {
  const response = await fetch(path, { method: "POST", body: new URLSearchParams(fields) });
  return (await response.json()) as T & { error?: string };
}

/**
 * What went wrong, in the admin's words: the server's own message (thrown as a plain Error), or why the
 * browser's prompt ended without a passkey.
 */
export function promptFailure(error: unknown): string {
  if (!(error instanceof Error)) return "That did not work. Please try again.";
  if (error.name === "Error" && error.message) return error.message;
  if (error.name === "NotAllowedError") return "The device prompt was cancelled or timed out.";
  if (error.name === "InvalidStateError") return "This device already has a device passkey here.";
  return "This browser could not use a device passkey. Please try again.";
}
