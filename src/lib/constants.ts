/** Business constants of the specification (section 9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
export const SMOOTH_SCROLL_MS = 300;
export const SCROLL_TARGET_WAIT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPYRIGHT_YEAR = 2023;
