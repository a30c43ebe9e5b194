// A trailing debounce with a maximum wait: turns a burst of events into one call.

export interface Debouncer<T> {
  /** Joins the pending batch (starting one if there is none); settles with that batch's result. */
  add(id: string): Promise<T>;
}

export interface DebouncerOptions<T> {
  /** Quiet period after the last `add` before the batch runs. */
  waitMs: number;
  /** Longest a batch may wait after its first `add` (default 4 × waitMs). */
  maxWaitMs?: number;
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
 */
export function createDebouncer<T>({ waitMs, maxWaitMs = waitMs * 4, run }: DebouncerOptions<T>): Debouncer<T> {
  if (!(waitMs >= 0)) throw new RangeError(`waitMs must be a non-negative number, got ${waitMs}`);
  const maxWait = Math.max(waitMs, maxWaitMs);
  let pending: Batch<T> | null = null;

  function flush(): void {
    const batch = pending;
    if (!batch) return;
    pending = null;
    clearTimeout(batch.quietTimer);
    clearTimeout(batch.maxTimer);
    // Resolving with a promise hands its outcome on; `new Promise` also turns a synchronous throw
    // in `run` into a rejection for every waiting caller.
    batch.resolve(new Promise<T>((resolve) => resolve(run([...batch.ids]))));
  }

  function add(id: string): Promise<T> {
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
