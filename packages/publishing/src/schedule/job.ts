// The scheduling job, one function run by whichever clock drives it (the Cloud Function every
// minute in production, the rebuild service's timer locally and in tests): carry out every
// publish and unpublish that is due, each in its own transaction that reads the document again,
// then ask for ONE rebuild naming them all, and keep the editors' articleStatus in step.
import { FIELD_OF, instantOf, type ScheduleKind } from "./plan.ts";
import {
  handedToBuild,
  scheduleCleared,
  scheduledStatus,
  scheduleFailed,
  unpublishCancelled,
  unpublishPlanned,
  type StatusUpdate,
} from "./status.ts";

export interface Candidate {
  id: string;
  kind: ScheduleKind;
  /** The instant as last read; the store reads it again before acting. */
  at: number;
  title?: string;
  slug?: string;
}

export type ApplyOutcome = { applied: true } | { applied: false; problem?: string };

/** What the job needs from Firestore (firestore-store.ts), or from a test's stand-in. */
export interface ScheduleStore {
  /** Every schedule whose instant is at or before `now` (the store may return more; apply decides). */
  due(now: number): Promise<Candidate[]>;
  /** The next schedules after `now`, earliest first, at most `limit` of each kind. */
  upcoming(now: number, limit: number): Promise<Candidate[]>;
  /** The documents saved published with a publishAt still ahead of `now` (plan.ts's publishedTooEarly). */
  early(now: number): Promise<Candidate[]>;
  /** Reads the document again and, if it is still published too early, makes it a scheduled one (both documents). */
  holdBack(id: string, now: number): Promise<boolean>;
  /** Reads the document again and, if it is still due at `now`, carries it out (both documents) at once. */
  apply(candidate: Candidate, now: number): Promise<ApplyOutcome>;
  /** The articles whose articleStatus says `scheduled`. */
  shownScheduled(): Promise<string[]>;
  /** The articles whose articleStatus carries an `unpublishAt` (a take-down shown to the editors). */
  shownUnpublishPlanned(): Promise<string[]>;
  /** A blogMetaData document's data as it is now (undefined when it is gone). */
  read(id: string): Promise<unknown>;
  writeStatus(id: string, update: StatusUpdate): Promise<void>;
}

/** Asks for one rebuild naming the documents; resolves the build's id when the service gives one. */
export type RequestRebuild = (documents: string[], reason: string) => Promise<string | undefined>;

export interface JobResult {
  /** Saved published with a publishAt ahead: now scheduled (unpublished until their instant). */
  heldBack: string[];
  published: string[];
  unpublished: string[];
  failed: string[];
  /** The earliest schedule still ahead, for the clock to wake up at; null when none is known. */
  next: number | null;
  buildId?: string;
}

/** What the job last wrote to each status, so that a timer ticking every few seconds writes only changes. */
export type StatusMemo = Map<string, string>;

export interface JobOptions {
  store: ScheduleStore;
  now: number;
  requestRebuild: RequestRebuild;
  log?: (message: string) => void;
  memo?: StatusMemo;
  /** How many upcoming schedules of each kind a run looks at (their statuses, the next wake-up). */
  lookAhead?: number;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Runs the job once at `now`. Safe to run again, or on two clocks at once: every change is re-checked. */
export async function runScheduleJob({
  store,
  now,
  requestRebuild,
  log = () => undefined,
  memo = new Map(),
  lookAhead = 50,
}: JobOptions): Promise<JobResult> {
  // Answers whether the status changed, so that a failure repeated every run is logged once.
  const write = async (id: string, update: StatusUpdate): Promise<boolean> => {
    const signature = JSON.stringify(update);
    if (memo.get(id) === signature) return false;
    try {
      await store.writeStatus(id, update);
      memo.set(id, signature);
    } catch (error) {
      // The status is for the editors: failing to write it must not stop a publish.
      log(`Could not write articleStatus/${id}: ${message(error)}`);
    }
    return true;
  };

  // First, no document may stay published before its publishAt: each becomes a scheduled one, which
  // the look-ahead below then shows as scheduled. The site did not show it (the build and the browser
  // leave it out), so no build is needed for it.
  const heldBack: string[] = [];
  for (const candidate of await store.early(now)) {
    try {
      if (await store.holdBack(candidate.id, now)) heldBack.push(candidate.id);
    } catch (error) {
      log(`Could not hold back blogMetaData/${candidate.id} until its publishAt: ${message(error)}`);
    }
  }
  if (heldBack.length > 0) log(`Published before their publishAt, now scheduled instead: ${heldBack.join(", ")}`);

  const applied: Candidate[] = [];
  const failures: { candidate: Candidate; problem: string }[] = [];
  const due = (await store.due(now)).sort((a, b) => (a.at || 0) - (b.at || 0) || a.id.localeCompare(b.id));
  for (const candidate of due) {
    let outcome: ApplyOutcome;
    try {
      outcome = await store.apply(candidate, now);
    } catch (error) {
      outcome = { applied: false, problem: `Firestore refused the change (${message(error)})` };
    }
    if (outcome.applied) applied.push(candidate);
    else if (outcome.problem) failures.push({ candidate, problem: outcome.problem });
  }

  let buildId: string | undefined;
  if (applied.length > 0) {
    const ids = [...new Set(applied.map((candidate) => candidate.id))];
    const what = applied.map(({ id, kind }) => `${kind} ${id}`).join(", ");
    try {
      buildId = await requestRebuild(ids, `schedule: ${what}`.slice(0, 120));
      log(`Scheduled changes carried out (${what}); one rebuild asked for${buildId ? `: ${buildId}` : ""}`);
      for (const { id, kind } of applied) await write(id, handedToBuild(kind, buildId));
    } catch (error) {
      // Firestore already says published: the site shows it once any later build runs.
      log(`Scheduled changes carried out (${what}), but the rebuild request failed: ${message(error)}`);
      for (const { id, kind, at } of applied)
        await write(
          id,
          scheduleFailed(kind, at, `the rebuild request failed (${message(error)}); the next build carries it`),
        );
    }
  }
  for (const { candidate, problem } of failures) {
    if (await write(candidate.id, scheduleFailed(candidate.kind, candidate.at, problem)))
      log(`${candidate.kind} of blogMetaData/${candidate.id} failed: ${problem}`);
  }

  const upcoming = await store.upcoming(now, lookAhead);
  const ahead = new Set<string>();
  for (const candidate of upcoming) {
    if (candidate.kind === "publish") {
      ahead.add(candidate.id);
      await write(candidate.id, scheduledStatus(candidate.at, { title: candidate.title, slug: candidate.slug }));
    } else {
      await write(candidate.id, unpublishPlanned(candidate.at));
    }
  }
  // A status still saying `scheduled` for a schedule that is no longer there was cleared or cancelled.
  const handled = new Set([...applied, ...failures.map((failure) => failure.candidate)].map((c) => c.id));
  for (const id of await store.shownScheduled()) {
    if (ahead.has(id) || handled.has(id)) continue;
    const data = await store.read(id);
    const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
    // Beyond the look-ahead, it is still scheduled; say nothing new.
    if (fields[FIELD_OF.publish] !== undefined && fields[FIELD_OF.publish] !== null && fields.published === false)
      continue;
    await write(id, scheduleCleared(fields.published === true));
  }

  // A status still announcing a take-down the document no longer plans: cancelled, or taken down by
  // hand. A plan still there (beyond the look-ahead, or due and failing) keeps its status.
  const downAhead = new Set(upcoming.filter((c) => c.kind === "unpublish").map((c) => c.id));
  for (const id of await store.shownUnpublishPlanned()) {
    if (downAhead.has(id) || handled.has(id)) continue;
    const data = await store.read(id);
    const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
    if (fields.published === true && instantOf(fields[FIELD_OF.unpublish]) !== null) continue;
    await write(id, unpublishCancelled());
  }

  const next = upcoming.reduce<number | null>((min, { at }) => (min === null || at < min ? at : min), null);
  const ids = (kind: ScheduleKind): string[] => applied.filter((c) => c.kind === kind).map((c) => c.id);
  return {
    heldBack,
    published: ids("publish"),
    unpublished: ids("unpublish"),
    failed: failures.map((failure) => failure.candidate.id),
    next,
    ...(buildId ? { buildId } : {}),
  };
}
