import { scrollToHash } from "../../../../src/lib/hash-scroll";
import { animateScrollTo } from "../../../../src/lib/smooth-scroll";

// The product's timings (src/lib/constants.ts) are the defaults of the code that uses them: the
// other tests pass their own durations, so these check what a caller that passes none gets.

/** A window whose animation frames the test hands out, at the times it chooses. */
function fakeWindow(scrollY: number) {
  const frames: ((now: number) => void)[] = [];
  const scrolls: number[] = [];
  const win = {
    scrollY,
    matchMedia: () => ({ matches: false }),
    scrollTo: (_x: number, y: number) => {
      scrolls.push(y);
      win.scrollY = y;
    },
    requestAnimationFrame: (callback: (now: number) => void) => frames.push(callback),
  };
  /** Runs the pending frame at `now` (ms). */
  const frame = (now: number): void => {
    const next = frames.shift();
    if (!next) throw new Error(`no animation frame pending at ${now} ms`);
    next(now);
  };
  return { win: win as unknown as Window, frame, scrolls, pending: () => frames.length };
}

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = "";
});

describe("smooth scrolling lasts 300 ms unless told otherwise", () => {
  test("a scroll started at 1000 ms is still under way at 1299 ms and arrives at 1300 ms", async () => {
    const { win, frame, scrolls, pending } = fakeWindow(0);
    let arrived = false;
    const done = animateScrollTo(600, undefined, win).then(() => {
      arrived = true;
    });
    frame(1000);
    frame(1150);
    expect(scrolls.at(-1)).toBe(300); // half-way in time is half-way in distance (ease-in-out)
    frame(1299);
    await Promise.resolve();
    expect(arrived).toBe(false);
    expect(pending()).toBe(1);
    expect(scrolls.at(-1)).toBeLessThan(600);
    frame(1300);
    await done;
    expect(scrolls.at(-1)).toBe(600);
    expect(pending()).toBe(0);
  });
});

describe("a hash link waits 10 s for its target unless told otherwise", () => {
  test("gives up at 10 s, not at 9.999 s", async () => {
    jest.useFakeTimers();
    let result: boolean | null = null;
    void scrollToHash("#nowhere").then((scrolled) => {
      result = scrolled;
    });
    await jest.advanceTimersByTimeAsync(9_999);
    expect(result).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(result).toBe(false);
  });

  test("still scrolls to a target that appears at 9.9 s", async () => {
    jest.useFakeTimers();
    window.scrollTo = jest.fn();
    let result: boolean | null = null;
    void scrollToHash("#late", { durationMs: 0 }).then((scrolled) => {
      result = scrolled;
    });
    await jest.advanceTimersByTimeAsync(9_900);
    const target = document.createElement("section");
    target.id = "late";
    document.body.append(target);
    await jest.advanceTimersByTimeAsync(1);
    expect(result).toBe(true);
    expect(document.activeElement).toBe(target);
  });
});
