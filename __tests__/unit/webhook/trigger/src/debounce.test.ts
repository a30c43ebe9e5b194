import { createDebouncer } from "../../../../../webhook/trigger/src/debounce.ts";

describe("createDebouncer", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs once, after the window has been quiet, with every id added", async () => {
    const run = jest.fn((ids: string[]) => ids.length);
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, run });
    const first = add("a");
    jest.advanceTimersByTime(40);
    const second = add("b");
    jest.advanceTimersByTime(40); // 80 ms after the first add, 40 after the last: still waiting
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(["a", "b"]);
    await expect(Promise.all([first, second])).resolves.toEqual([2, 2]);
  });

  it("fires at maxWait under a steady stream that never leaves the window quiet", () => {
    const run = jest.fn();
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, run });
    // An add every 30 ms never lets the 50 ms window close.
    for (let t = 0; t < 200; t += 30) {
      void add(`at-${t}`);
      jest.advanceTimersByTime(30);
    }
    // 210 ms in: the batch started at 0 was sent at 200 with the adds made by then.
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(["at-0", "at-30", "at-60", "at-90", "at-120", "at-150", "at-180"]);
  });

  it("starts a new batch for adds made after a batch has run", async () => {
    const run = jest.fn(async (ids: string[]) => ids.join());
    const { add } = createDebouncer({ waitMs: 50, run });
    const first = add("a");
    jest.advanceTimersByTime(50);
    const second = add("b");
    jest.advanceTimersByTime(50);
    expect(run.mock.calls).toEqual([[["a"]], [["b"]]]);
    await expect(first).resolves.toBe("a");
    await expect(second).resolves.toBe("b");
  });

  it("rejects every caller of a batch whose run throws", async () => {
    const { add } = createDebouncer<never>({
      waitMs: 10,
      run: () => {
        throw new Error("boom");
      },
    });
    const calls = [add("a"), add("b")];
    jest.advanceTimersByTime(10);
    await expect(calls[0]).rejects.toThrow("boom");
    await expect(calls[1]).rejects.toThrow("boom");
  });
});
