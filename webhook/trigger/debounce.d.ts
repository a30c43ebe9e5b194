export interface Debouncer<T> {
  /** Joins the pending batch; settles with that batch's `run` result once it has run. */
  add(id: string): Promise<T>;
}

export interface DebouncerOptions<T> {
  /** Quiet period after the last `add` before the batch runs. */
  waitMs: number;
  /** Longest a batch may wait after its first `add` (default 4 × waitMs). */
  maxWaitMs?: number;
  /** Called once per batch with the batch's distinct ids, in the order first added. */
  run(ids: string[]): T | Promise<T>;
}

export declare function createDebouncer<T>(options: DebouncerOptions<T>): Debouncer<T>;
