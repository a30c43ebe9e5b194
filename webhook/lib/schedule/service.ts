// Scheduled publishing inside the rebuild service: on when SCHEDULE_PROJECT_ID names the Firestore
// project (FIRESTORE_EMULATOR_HOST points the Admin SDK at an emulator). The job asks this
// service's own queue for its one rebuild, so it needs no secret.
import type { Builder } from "../build-queue.ts";
import { ConfigError, type Env } from "../config.ts";
import { firestoreScheduleStore, runScheduleJob, type StatusMemo } from "@kindred/publishing";
import { startScheduleTimer, type ScheduleTimer } from "./timer.ts";

export const DEFAULT_SCHEDULE_POLL_MS = 10_000;

export interface ScheduleConfig {
  projectId: string;
  pollMs: number;
}

/** The scheduler's settings, or null when it is off. */
export function scheduleConfig(env: Env): ScheduleConfig | null {
  const projectId = env.SCHEDULE_PROJECT_ID?.trim();
  if (!projectId) return null;
  const raw = env.SCHEDULE_POLL_MS;
  const pollMs = raw === undefined || raw === "" ? DEFAULT_SCHEDULE_POLL_MS : Number(raw);
  if (!Number.isInteger(pollMs) || pollMs < 100 || pollMs > 60_000)
    throw new ConfigError(`SCHEDULE_POLL_MS must be an integer from 100 to 60000 (ms), got "${raw}".`);
  return { projectId, pollMs };
}

/** Starts the timer for `config`; the returned stop also closes the Firestore client. */
export async function startScheduler(
  config: ScheduleConfig,
  builder: Builder,
  log: (message: string) => void,
): Promise<ScheduleTimer> {
  // Loaded only when scheduling is on: a service without it needs no Firebase Admin SDK.
  const { deleteApp, initializeApp } = await import("firebase-admin/app");
  const { getFirestore } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: config.projectId }, `schedule-${config.projectId}`);
  const store = firestoreScheduleStore(getFirestore(app));
  const memo: StatusMemo = new Map();
  const timer = startScheduleTimer({
    pollMs: config.pollMs,
    log,
    run: (now) =>
      runScheduleJob({
        store,
        now,
        memo,
        log,
        requestRebuild: async (documents, reason) => builder.trigger({ reason, documents }).build.id,
      }),
  });
  log(`Scheduled publishing on for project ${config.projectId}, checking at least every ${config.pollMs} ms`);
  return {
    stop: async () => {
      await timer.stop();
      await deleteApp(app);
    },
  };
}
