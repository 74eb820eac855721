// The event form's caps, kept free of zod so the form can give its fields these lengths in the
// browser; app/events/form.ts enforces them on the server.
export const EVENT_NAME_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 500;
/** An event shows one image at most (optional). */
export const EVENT_IMAGES_MAX = 1;
export const EVENT_ONE_IMAGE = "An event can have one image: please choose just one.";
