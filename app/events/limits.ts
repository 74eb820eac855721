// The event form's caps, kept free of zod so the form can give its fields these lengths in the
// browser; app/events/form.ts enforces them on the server.
export const EVENT_NAME_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 500;
