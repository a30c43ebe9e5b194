/** Business constants of the product: timings and the copyright year. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SMOOTH_SCROLL_MS = 300;
export const SCROLL_TARGET_WAIT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPYRIGHT_YEAR = 2023;
