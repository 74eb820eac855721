// D1 refuses a write that breaks a unique index or a foreign key with an error whose message names it;
// drizzle wraps a single statement's error ("Failed query: …") with D1's as its cause, a batch's not.

/** Whether `error`, or an error it was caused by, is D1's refusal matching `pattern`. */
export function isConstraintError(error: unknown, pattern: RegExp): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (pattern.test(cause.message)) return true;
  }
  return false;
}
