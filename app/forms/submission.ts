/** The hidden field of a create form that names its one submission (app/forms/submission.server.ts). */
export const SUBMISSION_FIELD = "submission";
