/** How long a rating question waits for its answer. */
export const RATING_WINDOW_MS = 24 * 60 * 60 * 1000;
