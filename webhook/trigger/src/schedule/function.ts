// Scheduled publishing in production: a Cloud Function that Cloud Scheduler runs every minute.
// Each run covers the minute ahead: it carries out what is due, then sleeps until each instant due
// before the next run starts and carries that out too, so an article goes out within seconds of its
// instant rather than up to a minute late. Cloud Tasks (one task per instant) was not chosen: a
// moved or cancelled plan would leave its task behind (harmless only because every run re-reads),
// tasks may be at most 30 days ahead (a sweeper would be needed anyway), and its emulator
// dispatches at once, so nothing could test it.
import { getApps, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { error as logError, info } from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { postRebuild, rebuildSecret } from "../post-rebuild.ts";
import {
  firestoreScheduleStore,
  runScheduleJob,
  type JobResult,
  type RequestRebuild,
  type ScheduleStore,
  type StatusMemo,
} from "@kindred/publishing";

/** A run stops looking ahead this long after it started: the next run takes over from there. */
export const MINUTE_WINDOW_MS = 55_000;

export interface MinuteOptions {
  store: ScheduleStore;
  requestRebuild: RequestRebuild;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  memo?: StatusMemo;
  log?: (message: string) => void;
}

/** Runs the job now and at every instant due within MINUTE_WINDOW_MS; answers each run's result. */
export async function runMinute({
  store,
  requestRebuild,
  now = Date.now,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  memo = new Map(),
  log,
}: MinuteOptions): Promise<JobResult[]> {
  const start = now();
  const results: JobResult[] = [];
  for (;;) {
    const result = await runScheduleJob({ store, now: now(), requestRebuild, memo, log });
    results.push(result);
    if (result.next === null || result.next > start + MINUTE_WINDOW_MS) return results;
    await sleep(Math.max(0, result.next - now()));
  }
}

// Kept by a warm instance, so statuses already written are not written again every minute.
const memo: StatusMemo = new Map();

export const publishOnSchedule = onSchedule(
  {
    schedule: "every 1 minutes",
    timeZone: "Etc/UTC",
    secrets: [rebuildSecret],
    // The minute's look-ahead, the rebuild request and its retries.
    timeoutSeconds: 240,
    // A missed minute is made up by the next, which finds everything due since.
    retryCount: 0,
  },
  async () => {
    if (getApps().length === 0) initializeApp();
    const results = await runMinute({
      store: firestoreScheduleStore(getFirestore()),
      memo,
      log: (message) => info(message),
      requestRebuild: async (documents, reason) => {
        await postRebuild(documents, reason);
        return undefined;
      },
    }).catch((error: unknown) => {
      logError("Scheduled publishing run failed", { error: String(error) });
      throw error;
    });
    const done = results.flatMap((result) => [...result.published, ...result.unpublished]);
    if (done.length > 0) info("Scheduled publishing carried out", { documents: done });
  },
);
