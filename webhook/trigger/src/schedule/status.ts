// The scheduling states of an article's `articleStatus/{id}` document (the shape is shared with the
// build states written by the rebuild service; see docs/scheduling.md). Only what the schedule
// knows is written here: that an article is scheduled and for when, that a scheduled change was
// handed to a build, and that it failed and why. Instants are ms since the epoch here; the store
// turns them into Timestamps, and `null` into a deleted field.

export type ArticleState = "scheduled" | "queued" | "building" | "live" | "not-published" | "failed";

export interface StatusUpdate {
  state?: ArticleState;
  title?: string;
  slug?: string;
  buildId?: string | null;
  publishAt?: number | null;
  unpublishAt?: number | null;
  scheduleError?: string | null;
}

/** Names an instant the way every status message does: UTC, to the second, so editors can compare. */
export const shownInstant = (at: number): string => `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The article will go live at `at`. */
export const scheduledStatus = (at: number, label: { title?: string; slug?: string }): StatusUpdate => ({
  state: "scheduled",
  publishAt: at,
  scheduleError: null,
  ...label,
});

/** A published article that will come down at `at`; its state stays what the builds say. */
export const unpublishPlanned = (at: number): StatusUpdate => ({ unpublishAt: at });

/** The schedule was carried out in Firestore and a build asked for. */
export const handedToBuild = (kind: "publish" | "unpublish", buildId: string | undefined): StatusUpdate => ({
  state: "queued",
  buildId: buildId ?? null,
  scheduleError: null,
  ...(kind === "publish" ? { publishAt: null } : { unpublishAt: null }),
});

/** A scheduled change that could not be carried out; the article stays as it was. */
export const scheduleFailed = (kind: "publish" | "unpublish", at: number | null, why: string): StatusUpdate => ({
  state: "failed",
  scheduleError: `${kind === "publish" ? "Not published" : "Not taken down"}${at === null || Number.isNaN(at) ? "" : ` at ${shownInstant(at)}`}: ${why}`,
});

/** The schedule was cleared or cancelled before it fired. */
export const scheduleCleared = (published: boolean): StatusUpdate => ({
  state: published ? "queued" : "not-published",
  publishAt: null,
  scheduleError: null,
});
