// The event form's rules, enforced by the create and edit actions.
import { z } from "zod";
import { checkbox } from "~/forms/fields";
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_NAME_MAX } from "~/events/limits";

/** Spec §5: a missing event name, description or date gets 'All fields are required.'. */
export const ALL_FIELDS_REQUIRED = "All fields are required.";

export const eventSchema = z.object({
  name: z.string().trim().min(1, ALL_FIELDS_REQUIRED).max(EVENT_NAME_MAX, "The event name is too long."),
  description: z.string().trim().min(1, ALL_FIELDS_REQUIRED).max(EVENT_DESCRIPTION_MAX, "The description is too long."),
  date: z
    .string()
    .trim()
    .min(1, ALL_FIELDS_REQUIRED)
    .pipe(z.iso.date("Please enter the date as a calendar date, like 2027-05-14.")),
  location: z
    .string()
    .trim()
    .max(EVENT_LOCATION_MAX, "The location is too long.")
    .transform((value) => value || null),
  draft: checkbox(),
});

export type EventInput = z.infer<typeof eventSchema>;
