// A debounce with a maximum wait: turns a burst of events into one call, or, with a leading edge,
// into at most two: the first event at once, the rest after a quiet period.

export interface Debouncer<T> {
  /**
   * Joins the pending batch (starting one if there is none), or, with `leading` on an idle debouncer,
   * runs at once as a batch of its own; settles with its batch's result.
   */
  add(id: string): Promise<T>;
}

export interface DebouncerOptions<T> {
  /** Quiet period after the last `add` before the batch runs. */
  waitMs: number;
  /** Longest a batch may wait after its first `add` (default 4 × waitMs). */
  maxWaitMs?: number;
  /**
   * Runs the first `add` of an idle debouncer at once, as a batch of its own (default false). Idle:
   * no batch waits, no `run` is still unsettled, and none started within the last `waitMs`.
   */
  leading?: boolean;
  /** Called once per batch with its distinct ids, in the order they were first added. */
  run(ids: string[]): T | Promise<T>;
}

interface Batch<T> {
  ids: Set<string>;
  promise: Promise<T>;
  resolve: (value: T | Promise<T>) => void;
  quietTimer: ReturnType<typeof setTimeout> | undefined;
  maxTimer: ReturnType<typeof setTimeout>;
}

/**
 * Calls `run(ids)` once per batch: `waitMs` after the last `add`, and never later than `maxWaitMs`
 * after the batch's first `add`, so a steady stream still gets through. An id added twice to a
 * batch is listed once; adds made while a batch runs start the next one.
 *
 * With `leading`, an `add` on an idle debouncer runs at once as a batch of its own. The adds that
 * follow while that run is unsettled, or within `waitMs` after it started, join one batch as above.
 * A burst then gives at most two calls: its first id at once, the rest after the quiet period.
 */
export function createDebouncer<T>({
  waitMs,
  maxWaitMs = waitMs * 4,
  leading = false,
  run,
}: DebouncerOptions<T>): Debouncer<T> {
  if (!(waitMs >= 0)) throw new RangeError(`waitMs must be a non-negative number, got ${waitMs}`);
  const maxWait = Math.max(waitMs, maxWaitMs);
  let pending: Batch<T> | null = null;
  // Runs whose promise has not settled yet, and when the last one started (a monotonic clock, which
  // keeps no timer running).
  let running = 0;
  let lastRunAt: number | undefined;

  /** Calls `run`; the promise settles with its result, a synchronous throw becoming a rejection. */
  function start(ids: string[]): Promise<T> {
    running += 1;
    lastRunAt = performance.now();
    const result = new Promise<T>((resolve) => resolve(run(ids)));
    // Handled here, so a rejection reaches only the batch's callers (never an unhandled rejection).
    const settled = (): void => {
      running -= 1;
    };
    result.then(settled, settled);
    return result;
  }

  function flush(): void {
    const batch = pending;
    if (!batch) return;
    pending = null;
    clearTimeout(batch.quietTimer);
    clearTimeout(batch.maxTimer);
    // Resolving with a promise hands its outcome on to every waiting caller.
    batch.resolve(start([...batch.ids]));
  }

  const idle = (): boolean =>
    pending === null && running === 0 && (lastRunAt === undefined || performance.now() - lastRunAt >= waitMs);

  function add(id: string): Promise<T> {
    if (leading && idle()) return start([id]);
    if (!pending) {
      let resolve: (value: T | Promise<T>) => void = () => {};
      const promise = new Promise<T>((settle) => {
        resolve = settle;
      });
      pending = { ids: new Set(), promise, resolve, quietTimer: undefined, maxTimer: setTimeout(flush, maxWait) };
    }
    pending.ids.add(id);
    clearTimeout(pending.quietTimer);
    pending.quietTimer = setTimeout(flush, waitMs);
    return pending.promise;
  }

  return { add };
}
