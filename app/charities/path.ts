/** The settings screen where she keeps the charities she supports. */
export const CHARITIES_PATH = "/charities";

/** A charity's own form on that screen. */
export const charityPath = (id: string) => `${CHARITIES_PATH}/${encodeURIComponent(id)}`;

/** The public page of what her art has raised. */
export const IMPACT_PATH = "/impact";
