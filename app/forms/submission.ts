/** The hidden field of a create form that names its one submission (app/forms/submission.server.ts). */
export const SUBMISSION_FIELD = "submission";

/**
 * The hidden field of an edit form that names the version it was made from (the row's updated_at), so a
 * save sent twice, or from a tab left open while the row changed, is refused instead of applied again.
 */
export const VERSION_FIELD = "version";
