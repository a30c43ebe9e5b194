// A build as the queue tracks it, and what /status shows of it.
import { randomBytes } from "node:crypto";
import path from "node:path";

/**
 * A build's state, in the one vocabulary of the service: GET /status, the 202 answer of POST
 * /rebuild, and each build's `siteBuilds` record for editors (site-build-writer.ts) say the same.
 */
export const BUILD_STATES = ["queued", "building", "published", "failed"] as const;
export type BuildState = (typeof BUILD_STATES)[number];

/** Which way a release was made: a full `gatsby build`, or the fast lane's re-render of a few pages. */
export type Lane = "fast" | "full";

export interface Build {
  id: string;
  state: BuildState;
  /** Absent in builds recorded before the fast lane: those are full builds. */
  lane?: Lane;
  reason: string;
  triggers: number;
  triggeredAt: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  phase?: string;
  error?: string;
  logTail?: string;
  articles?: number;
  /** A request asked to publish even if the site loses most of its articles. */
  allowShrink?: boolean;
  /** The blogMetaData documents the triggers named, for the build to read even if their lastUpdate did not move. */
  documents?: string[];
  /** The process group of the running build command. */
  group?: number;
  /** The raw message of an unexpected error; it may name files, so only the secret's holder sees it. */
  detail?: string;
  cancel?: () => void;
}

/**
 * What /status shows of a build. Anyone may see the states and times, and the error, which the
 * service words itself and keeps free of paths; the log tail, the log file and the raw detail of
 * an unexpected error only go to a request with the secret.
 */
export interface BuildView {
  id: string;
  state: BuildState;
  lane: Lane;
  reason: string;
  triggers: number;
  triggeredAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  phase?: string;
  error?: string;
  logTail?: string;
  logFile?: string;
  detail?: string;
}

export type Log = (message: string) => void;

// Sortable by time (to the millisecond), unique by the random tail.
export const newBuildId = (): string =>
  `${new Date().toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;

/** Where a build's log is written. */
export const logFileOf = (logsDir: string, id: string): string => path.join(logsDir, `${id}.log`);

export function publicView(build: Build): BuildView;
export function publicView(build: Build | null): BuildView | null;
export function publicView(build: Build | null): BuildView | null {
  if (!build) return null;
  return {
    id: build.id,
    state: build.state,
    lane: build.lane ?? "full",
    reason: build.reason,
    triggers: build.triggers,
    triggeredAt: build.triggeredAt,
    startedAt: build.startedAt ?? null,
    finishedAt: build.finishedAt ?? null,
    durationMs: build.durationMs ?? null,
    ...(build.state === "failed" ? { phase: build.phase, error: build.error } : {}),
  };
}

export function fullView(build: Build | null, logsDir: string): BuildView | null {
  if (!build) return null;
  return {
    ...publicView(build),
    ...(build.startedAt ? { logFile: logFileOf(logsDir, build.id) } : {}),
    ...(build.state === "failed" ? { logTail: build.logTail, detail: build.detail } : {}),
  };
}
