/** The repository root. */
export const root: string;
/** Builds the web app and the server bundle when they are missing or older than their sources. */
export function buildStale(): void;
