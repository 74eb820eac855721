/** The most one beacon's JSON may be (app/routes/api.event.tsx); a real one is a few hundred bytes. */
export const BEACON_MAX_BYTES = 8 * 1024;
