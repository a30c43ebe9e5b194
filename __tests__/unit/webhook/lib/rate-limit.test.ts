/** @jest-environment node */
import { createRateLimiter } from "../../../../webhook/lib/rate-limit.ts";

describe("the rate limiter", () => {
  it("allows a burst of perMinute requests, then refills one token per 60/perMinute seconds", () => {
    let time = 0;
    const limiter = createRateLimiter({ perMinute: 6, now: () => time });
    expect(Array.from({ length: 7 }, () => limiter.take("a").allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.take("a").retryAfterSeconds).toBe(10);
    expect(limiter.take("b").allowed).toBe(true); // clients are counted apart
    time = 9_999;
    expect(limiter.take("a").allowed).toBe(false);
    time = 10_000;
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("forgets clients whose bucket has refilled", () => {
    let time = 0;
    const limiter = createRateLimiter({ perMinute: 2, now: () => time });
    limiter.take("a");
    limiter.take("b");
    time = 15_000;
    limiter.sweep();
    expect(limiter.size()).toBe(2);
    time = 30_000;
    limiter.sweep();
    expect(limiter.size()).toBe(0);
  });
});
