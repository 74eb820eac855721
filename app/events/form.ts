// The event form's rules, enforced by the create and edit actions.
import { z } from "zod";
import { ADDRESS_MAX, MESSAGE_MAX, NAME_MAX } from "~/forms/limits";

/** Spec §5: a missing event name, description or date gets 'All fields are required.'. */
export const ALL_FIELDS_REQUIRED = "All fields are required.";

export const eventSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, ALL_FIELDS_REQUIRED)
    .max(NAME_MAX * 2, "The event name is too long."),
  description: z.string().trim().min(1, ALL_FIELDS_REQUIRED).max(MESSAGE_MAX, "The description is too long."),
  date: z
    .string()
    .trim()
    .min(1, ALL_FIELDS_REQUIRED)
    .pipe(z.iso.date("Please enter the date as a calendar date, like 2027-05-14.")),
  location: z
    .string()
    .trim()
    .max(ADDRESS_MAX, "The location is too long.")
    .transform((value) => value || null),
});

export type EventInput = z.infer<typeof eventSchema>;
