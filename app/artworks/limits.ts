// The artwork form's caps on what one artwork may hold (spec §5), kept free of zod so the form can give
// its fields these lengths in the browser; app/artworks/form.ts enforces them on the server.
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const MEDIUM_MAX = 200;
export const SIZE_MAX = 100;
export const PRICE_MAX = 50;
