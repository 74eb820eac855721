// What a commission is of, as the request form offers it: apart from the table (schema.ts), so that the form's
// page does not carry the database's column code to the browser.

export const COMMISSION_SUBJECTS = ["pet", "people", "place", "other"] as const;
export type CommissionSubject = (typeof COMMISSION_SUBJECTS)[number];
