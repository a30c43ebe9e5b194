import { SMOOTH_SCROLL_MS } from "./constants";

/** Ease-in-out: slow at both ends, so a 300 ms scroll reads as smooth rather than as a jump. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Scrolls the window to `targetY` over `durationMs`, resolving when it arrives. */
export function animateScrollTo(
  targetY: number,
  durationMs: number = SMOOTH_SCROLL_MS,
  win: Window = window,
): Promise<void> {
  const startY = win.scrollY;
  const distance = targetY - startY;
  const reduceMotion = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  if (distance === 0 || durationMs <= 0 || reduceMotion) {
    win.scrollTo(0, targetY);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let startTime: number | null = null;
    const step = (now: number): void => {
      startTime ??= now;
      const progress = Math.min(1, (now - startTime) / durationMs);
      win.scrollTo(0, startY + distance * easeInOutCubic(progress));
      if (progress < 1) win.requestAnimationFrame(step);
      else resolve();
    };
    win.requestAnimationFrame(step);
  });
}
