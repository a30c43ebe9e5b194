// The rebuild service's clock for scheduled publishing (locally and in the tests; production uses
// the Cloud Function in trigger/src/schedule/function.ts). Every schedule lives in Firestore, so
// nothing needs saving: on start the job runs at once and carries out whatever came due while the
// service was down, then wakes up at the next instant it knows of, or after `pollMs` to notice
// schedules saved or moved meanwhile, whichever comes first.
import type { JobResult } from "@kindred/publishing";

export interface TimerClock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const systemClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ScheduleTimerOptions {
  /** Runs the job at `now` (runScheduleJob with the service's store and builder). */
  run: (now: number) => Promise<JobResult>;
  /** The longest sleep between two runs. */
  pollMs: number;
  clock?: TimerClock;
  log?: (message: string) => void;
}

export interface ScheduleTimer {
  /** Resolves once the current run, if any, has ended; no run starts after. */
  stop: () => Promise<void>;
}

/** Starts the timer: a first run at once, then one per wake-up. Runs never overlap. */
export function startScheduleTimer({
  run,
  pollMs,
  clock = systemClock,
  log = () => undefined,
}: ScheduleTimerOptions): ScheduleTimer {
  let stopped = false;
  let handle: unknown = null;
  let running: Promise<void> = Promise.resolve();

  const tick = (): void => {
    handle = null;
    running = (async () => {
      let next: number | null = null;
      try {
        next = (await run(clock.now())).next;
      } catch (error) {
        // Firestore unreachable, say: the schedules are still there on the next run.
        log(`Scheduled publishing: the run failed (${(error as Error).message}); trying again in ${pollMs} ms`);
      }
      if (stopped) return;
      // A timer may fire a little early; the job then finds nothing due and the next sleep is short.
      const wait = next === null ? pollMs : Math.min(pollMs, Math.max(0, next - clock.now()));
      handle = clock.setTimeout(tick, wait);
    })();
  };

  tick();
  return {
    stop: async () => {
      stopped = true;
      if (handle !== null) clock.clearTimeout(handle);
      await running;
    },
  };
}
