// The scheduling states of an article's `articleStatus/{id}` document (the shape is shared with the
// build states written by the rebuild service; see docs/scheduling.md). Only what the schedule
// knows is written here: that an article is scheduled and for when, that a scheduled change was
// handed to a build, and that it failed and why. Instants are ms since the epoch here; the store
// turns them into Timestamps, and `null` into a deleted field.

import type { ArticleState, ArticleStatusUpdate } from "../article-status-writer.ts";

/** One write of the job: the shared shape (../article-status-writer.ts), with instants in ms. */
export type StatusUpdate = Omit<ArticleStatusUpdate, "publishAt" | "unpublishAt" | "liveSince"> & {
  publishAt?: number | null;
  unpublishAt?: number | null;
  /** The states this update's state may replace: never a build's `queued` or `building` in flight. */
  over?: readonly ArticleState[];
};

// A build under way for the article writes its own outcome after; the job's state would hide it.
const NOT_IN_FLIGHT: readonly ArticleState[] = ["scheduled", "not-published", "failed", "live"];
const BEFORE_BUILD: readonly ArticleState[] = ["scheduled", "not-published", "failed"];

/** Names an instant the way every status message does: UTC, to the second, so editors can compare. */
export const shownInstant = (at: number): string => `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The article will go live at `at`. */
export const scheduledStatus = (at: number, label: { title?: string; slug?: string }): StatusUpdate => ({
  state: "scheduled",
  publishAt: at,
  scheduleError: null,
  ...label,
  over: NOT_IN_FLIGHT,
});

/** A published article that will come down at `at`; its state stays what the builds say. */
export const unpublishPlanned = (at: number): StatusUpdate => ({ unpublishAt: at });

/** A take-down that is no longer planned (cancelled, or done by hand): the status stops announcing it. */
export const unpublishCancelled = (): StatusUpdate => ({ unpublishAt: null });

/** The schedule was carried out in Firestore and a build asked for. */
export const handedToBuild = (kind: "publish" | "unpublish", buildId: string | undefined): StatusUpdate => ({
  state: "queued",
  buildId: buildId ?? null,
  scheduleError: null,
  // The service says queued itself when it accepts the build, and may be building it already.
  over: BEFORE_BUILD,
  ...(kind === "publish" ? { publishAt: null } : { unpublishAt: null }),
});

/** A scheduled change that could not be carried out; the article stays as it was. */
export const scheduleFailed = (kind: "publish" | "unpublish", at: number | null, why: string): StatusUpdate => ({
  state: "failed",
  over: NOT_IN_FLIGHT,
  scheduleError: `${kind === "publish" ? "Not published" : "Not taken down"}${at === null || Number.isNaN(at) ? "" : ` at ${shownInstant(at)}`}: ${why}`,
});

/** The schedule was cleared or cancelled before it fired. */
export const scheduleCleared = (published: boolean): StatusUpdate => ({
  state: published ? "queued" : "not-published",
  publishAt: null,
  scheduleError: null,
  // Only a status still showing the old schedule: the editor's own change is being built.
  over: ["scheduled"],
});
