// A trailing debounce with a maximum wait, for turning a burst of events into one call.
"use strict";

/**
 * @template T
 * @typedef {object} Debouncer
 * @property {(id: string) => Promise<T>} add joins the pending batch (starting one if none);
 *   the promise settles with that batch's `run` result once it has run
 */

/**
 * Creates a debouncer that calls `run(ids)` once per batch: `waitMs` after the last `add`, but no
 * later than `maxWaitMs` after the batch's first `add`, so a steady stream still gets through.
 * An id added twice to one batch is listed once. Adds made while a batch is running start a new one.
 * @template T
 * @param {{ waitMs: number, maxWaitMs?: number, run: (ids: string[]) => T | Promise<T> }} options
 * @returns {Debouncer<T>}
 */
function createDebouncer({ waitMs, maxWaitMs = waitMs * 4, run }) {
  if (!(waitMs >= 0)) throw new RangeError(`waitMs must be a non-negative number, got ${waitMs}`);
  const maxWait = Math.max(waitMs, maxWaitMs);

  /**
   * @typedef {object} Batch
   * @property {Set<string>} ids
   * @property {Promise<T>} promise
   * @property {(value: T | Promise<T>) => void} resolve
   * @property {ReturnType<typeof setTimeout> | undefined} quietTimer
   * @property {ReturnType<typeof setTimeout>} maxTimer
   */
  /** @type {Batch | null} */
  let pending = null;

  function flush() {
    const batch = pending;
    if (!batch) return;
    pending = null;
    clearTimeout(batch.quietTimer);
    clearTimeout(batch.maxTimer);
    // Resolving with a promise passes on its outcome; `new Promise` also turns a synchronous throw
    // in `run` into a rejection for every waiting caller.
    batch.resolve(new Promise((resolve) => resolve(run([...batch.ids]))));
  }

  /** @param {string} id */
  function add(id) {
    if (!pending) {
      /** @type {(value: T | Promise<T>) => void} */
      let resolve = () => {};
      /** @type {Promise<T>} */
      const promise = new Promise((res) => {
        resolve = res;
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

module.exports = { createDebouncer };
