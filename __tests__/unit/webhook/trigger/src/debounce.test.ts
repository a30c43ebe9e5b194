import { createDebouncer } from "../../../../../webhook/trigger/src/debounce.ts";

describe("createDebouncer, trailing only (the default)", () => {
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

describe("createDebouncer with leading: true", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs the first add at once, as a batch of its own, when nothing has run yet", async () => {
    const run = jest.fn((ids: string[]) => ids.join());
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, leading: true, run });
    const first = add("a");
    expect(run.mock.calls).toEqual([[["a"]]]);
    expect(jest.getTimerCount()).toBe(0);
    await expect(first).resolves.toBe("a");
  });

  it("joins the adds after the first into one trailing batch, each id once, after the quiet period", async () => {
    const run = jest.fn((ids: string[]) => ids.join());
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, leading: true, run });
    const calls = [add("a")];
    jest.advanceTimersByTime(10);
    calls.push(add("b"));
    jest.advanceTimersByTime(10);
    // "a" again: the leading call may have read the document before this write, so it is named again.
    calls.push(add("c"), add("b"), add("a"));
    jest.advanceTimersByTime(49); // 49 ms after the last add: still waiting
    expect(run.mock.calls).toEqual([[["a"]]]);
    jest.advanceTimersByTime(1);
    expect(run.mock.calls).toEqual([[["a"]], [["b", "c", "a"]]]);
    await expect(Promise.all(calls)).resolves.toEqual(["a", "b,c,a", "b,c,a", "b,c,a", "b,c,a"]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("keeps adds waiting while the leading run is unsettled, even past waitMs", async () => {
    let finish: (value: string) => void = () => {};
    const run = jest.fn((ids: string[]) =>
      ids[0] === "slow" ? new Promise<string>((resolve) => (finish = resolve)) : ids.join(),
    );
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, leading: true, run });
    const slow = add("slow");
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(500);
    const later = add("b");
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(50);
    expect(run.mock.calls).toEqual([[["slow"]], [["b"]]]);
    await expect(later).resolves.toBe("b");
    finish("slow done");
    await expect(slow).resolves.toBe("slow done");
  });

  it("runs at once again only when no call has started for waitMs, leading or trailing", async () => {
    const run = jest.fn((ids: string[]) => ids.join());
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, leading: true, run });
    void add("a"); // at 0, leading
    jest.advanceTimersByTime(49);
    void add("b"); // 49 ms after the leading call: trailing, run at 99
    jest.advanceTimersByTime(50);
    expect(run.mock.calls).toEqual([[["a"]], [["b"]]]);
    jest.advanceTimersByTime(49);
    void add("c"); // 49 ms after the trailing call: trailing again, run at 198
    expect(run).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(3);
    await Promise.resolve(); // the runs settle
    jest.advanceTimersByTime(50);
    const again = add("d"); // 50 ms of quiet since the last call: leading
    expect(run.mock.calls).toEqual([[["a"]], [["b"]], [["c"]], [["d"]]]);
    await expect(again).resolves.toBe("d");
    expect(jest.getTimerCount()).toBe(0);
  });

  it("still runs the trailing batch at maxWait under a steady stream", async () => {
    const run = jest.fn();
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, leading: true, run });
    // An add every 30 ms never lets the 50 ms window close. The leading run settles at once, so
    // only the waiting batch keeps the adds from 60 on from leading.
    for (let t = 0; t < 240; t += 30) {
      void add(`at-${t}`);
      await jest.advanceTimersByTimeAsync(t === 210 ? 19 : 30);
    }
    // 229 ms in: the trailing batch started at 30 runs at 230, not before.
    expect(run.mock.calls).toEqual([[["at-0"]]]);
    await jest.advanceTimersByTimeAsync(1);
    expect(run.mock.calls).toEqual([[["at-0"]], [["at-30", "at-60", "at-90", "at-120", "at-150", "at-180", "at-210"]]]);
  });

  it("rejects only the caller of a leading run that throws; the trailing batch goes on", async () => {
    const run = jest.fn((ids: string[]) => {
      if (ids.includes("bad")) throw new Error("boom");
      return ids.join();
    });
    const { add } = createDebouncer({ waitMs: 10, leading: true, run });
    const bad = add("bad");
    const others = [add("b"), add("c")];
    await expect(bad).rejects.toThrow("boom");
    jest.advanceTimersByTime(10);
    await expect(Promise.all(others)).resolves.toEqual(["b,c", "b,c"]);
    // The thrown run counts as settled: after the quiet period the next add leads again.
    jest.advanceTimersByTime(10);
    await expect(add("d")).resolves.toBe("d");
    expect(run.mock.calls).toEqual([[["bad"]], [["b", "c"]], [["d"]]]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("rejects every caller of a trailing batch whose run rejects, and only them", async () => {
    const run = jest.fn(async (ids: string[]) => {
      if (ids.includes("bad")) throw new Error("boom");
      return ids.join();
    });
    const { add } = createDebouncer({ waitMs: 10, leading: true, run });
    const first = add("a");
    const trailing = [add("bad"), add("c")];
    jest.advanceTimersByTime(10);
    await expect(first).resolves.toBe("a");
    await expect(trailing[0]).rejects.toThrow("boom");
    await expect(trailing[1]).rejects.toThrow("boom");
    expect(jest.getTimerCount()).toBe(0);
  });
});
