import { animateScrollTo, easeInOutCubic } from "../../../../src/lib/smooth-scroll";

// The smooth scroll of hash links and blog cards: an ease-in-out over a duration, driven by the
// window's animation frames, or a jump when there is nothing to animate.

describe("animateScrollTo", () => {
  it("eases from start to target over the given duration", async () => {
    const positions: number[] = [];
    let now = 0;
    const frames: FrameRequestCallback[] = [];
    const fakeWindow = {
      scrollY: 100,
      scrollTo: (_x: number, y: number) => positions.push(y),
      requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
      matchMedia: () => ({ matches: false }),
    } as unknown as Window;
    const done = animateScrollTo(700, 300, fakeWindow);
    while (frames.length > 0) {
      const frame = frames.shift()!;
      frame(now);
      now += 50;
    }
    await done;
    expect(positions.at(-1)).toBe(700);
    expect(positions).toHaveLength(7); // frames at 0, 50, …, 300 ms
    expect(positions[3]).toBeCloseTo(100 + 600 * easeInOutCubic(0.5));
  });

  it("jumps straight there when the visitor prefers reduced motion", async () => {
    const scrollTo = jest.fn();
    const fakeWindow = {
      scrollY: 0,
      scrollTo,
      requestAnimationFrame: jest.fn(),
      matchMedia: () => ({ matches: true }),
    } as unknown as Window;
    await animateScrollTo(500, 300, fakeWindow);
    expect(scrollTo).toHaveBeenCalledWith(0, 500);
  });

  it("jumps at once, without waiting for a frame, when there is no distance or no time to cover", async () => {
    for (const [target, duration] of [
      [250, 300],
      [900, 0],
    ] as const) {
      const scrollTo = jest.fn();
      const requestAnimationFrame = jest.fn();
      const fakeWindow = {
        scrollY: 250,
        scrollTo,
        requestAnimationFrame,
        matchMedia: () => ({ matches: false }),
      } as unknown as Window;
      await animateScrollTo(target, duration, fakeWindow);
      expect(scrollTo).toHaveBeenCalledWith(0, target);
      expect(requestAnimationFrame).not.toHaveBeenCalled();
    }
  });
});

describe("easeInOutCubic", () => {
  it("starts at 0, ends at 1 and is half-way at half time", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
  });

  it("is slow at both ends and symmetric about the middle", () => {
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
    for (const t of [0.1, 0.25, 0.4]) expect(easeInOutCubic(1 - t)).toBeCloseTo(1 - easeInOutCubic(t));
  });

  it("never moves backwards", () => {
    const steps = Array.from({ length: 101 }, (_, i) => easeInOutCubic(i / 100));
    steps.slice(1).forEach((value, i) => expect(value).toBeGreaterThanOrEqual(steps[i]!));
  });
});
