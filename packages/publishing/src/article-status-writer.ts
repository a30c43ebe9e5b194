// The one definition of an article's `articleStatus/{blogMetaData id}` document (docs/editors.md is
// the contract), and its one writer. Two callers share it: the rebuild service (the build states)
// and the scheduling job (schedule/, run by the Cloud Function and by the service's timer). Both
// write with server credentials (firebase-admin); no client may write (firestore.rules).
import { FieldValue, Timestamp, type Firestore } from "firebase-admin/firestore";
import { runTransaction } from "./transaction.ts";

export type ArticleState = "scheduled" | "queued" | "building" | "live" | "not-published" | "failed";

/** A rule the article broke, or a warning about it, in the build log's words. */
export interface StatusReason {
  /** "blogMetaData/ID". */
  document: string;
  field: string;
  rule: string;
  message: string;
}

/** A block the build left out of the body, or cut part of. */
export interface BlockLeftOut {
  document: string;
  block: number;
  type: string;
  reason: string;
}

/** One article's state; fields a state does not carry are left out (see articleStatusData). */
export interface ArticleStatus {
  state: ArticleState;
  title?: string;
  slug?: string;
  buildId?: string;
  /** State live: the page's absolute URL. */
  url?: string;
  /** State live: when the build that published this version was published. */
  liveSince?: Date;
  /** State not-published: every rule the build found broken. */
  reasons?: StatusReason[];
  blocksLeftOut?: BlockLeftOut[];
  /** Imperfections the build published the article with (a cover refused, say). */
  warnings?: StatusReason[];
  /** State failed: the build's error in the service's words. */
  error?: string;
  publishAt?: Date;
  unpublishAt?: Date;
  scheduleError?: string;
}

/**
 * What one write changes. The scheduling job may write its fields without a state, and clears a
 * schedule's fields (or the build id) with null.
 */
export type ArticleStatusUpdate = Omit<
  Partial<ArticleStatus>,
  "buildId" | "publishAt" | "unpublishAt" | "scheduleError"
> & {
  buildId?: string | null;
  publishAt?: Date | null;
  unpublishAt?: Date | null;
  scheduleError?: string | null;
};

// Cleared by every write of a state that does not give them: they explain one state, and a stale
// reason next to a new state would mislead. The URL and liveSince describe what visitors see, so
// they stay while a newer version is queued, building or failed, and go when it is not published.
const PER_WRITE = ["reasons", "blocksLeftOut", "warnings", "error"] as const;
const WHILE_PUBLISHED = ["url", "liveSince"] as const;

const stamp = (date: Date | null | undefined): Timestamp | FieldValue | undefined =>
  date === null ? FieldValue.delete() : date ? Timestamp.fromDate(date) : undefined;

/** The data `writeArticleStatus` merges into the document: sentinels included, undefined left out. */
export function articleStatusData(status: ArticleStatusUpdate): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...status,
    liveSince: stamp(status.liveSince),
    publishAt: stamp(status.publishAt),
    unpublishAt: stamp(status.unpublishAt),
    updatedAt: FieldValue.serverTimestamp(),
  };
  for (const key of ["buildId", "scheduleError"] as const) if (status[key] === null) data[key] = FieldValue.delete();
  if (status.state !== undefined) for (const field of PER_WRITE) data[field] ??= FieldValue.delete();
  if (status.state === "not-published") for (const field of WHILE_PUBLISHED) data[field] ??= FieldValue.delete();
  // Live: whatever plan there was is spent (carried out, or published by hand before its instant).
  // Left in place, it would turn a later unpublish into `scheduled` at a past instant.
  if (status.state === "live") data.publishAt ??= FieldValue.delete();
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

export interface WriteOptions {
  /**
   * The states this write's state may replace (absent: any). The scheduling job gives them, so that
   * its `queued` or `failed`, written a moment after it asked for a build, never hides the build's
   * own later `building` or `live`.
   */
  over?: readonly ArticleState[];
  /** The moment of the write, in ms (default: the clock's), against which a plan is still ahead or not. */
  now?: number;
}

/**
 * The state a write leaves in place of `current`: the incoming one, or undefined to keep the
 * current state (and its build id). A build saying `not-published` of an article that still has a
 * publish time ahead of `now` says `scheduled`: it is not published yet because it is scheduled,
 * and the next build must not erase the schedule the editors were shown. A publish time that has
 * passed is no plan: the article was published since (by the job or by hand), and is now down.
 */
export function nextState(
  current: { state?: unknown; publishAt?: unknown; reasons?: unknown } | undefined,
  update: ArticleStatusUpdate,
  { over, now = Date.now() }: WriteOptions = {},
): ArticleState | undefined {
  const incoming = update.state;
  if (incoming === undefined) return undefined;
  const was = typeof current?.state === "string" ? (current.state as ArticleState) : undefined;
  if (over && was !== undefined && !over.includes(was)) return undefined;
  // An article an editor took down stays `not-published` while the build that removes it from the
  // lists runs: the service's `queued` and `building` (which carry a build id) would hide who did it.
  // An editor publishing it again writes `queued` without one, and the states go on from there.
  if (takenDownByEditor(current) && (incoming === "queued" || incoming === "building") && update.buildId)
    return undefined;
  const planned = current?.publishAt;
  const scheduled = planned instanceof Timestamp && planned.toMillis() > now && update.publishAt !== null;
  if (incoming === "not-published" && scheduled) return "scheduled";
  return incoming;
}

/** The rule an editor's take-down is reported with (the editors' API): "unpublished by <email>". */
export const UNPUBLISHED_BY = "unpublished by ";

/** The reasons of a status that say an editor took the article down. */
const editorsReasons = (reasons: unknown): StatusReason[] =>
  Array.isArray(reasons)
    ? (reasons as StatusReason[]).filter(
        (reason) => typeof reason?.rule === "string" && reason.rule.startsWith(UNPUBLISHED_BY),
      )
    : [];

function takenDownByEditor(current: { state?: unknown; reasons?: unknown } | undefined): boolean {
  return current?.state === "not-published" && editorsReasons(current.reasons).length > 0;
}

/**
 * The reasons a `not-published` write leaves. A build that no longer finds an article says only that
 * it is not published; when an editor took it down, the status already says who, and keeps that.
 */
export function reasonsAfter(
  current: { state?: unknown; reasons?: unknown } | undefined,
  update: ArticleStatusUpdate,
): StatusReason[] | undefined {
  if (update.state !== "not-published" || current?.state !== "not-published") return update.reasons;
  const byEditor = editorsReasons(current.reasons);
  const onlyUnpublished = (update.reasons ?? []).every((reason) => reason.field === "published");
  return byEditor.length > 0 && onlyUnpublished ? byEditor : update.reasons;
}

/**
 * Writes one article's state to `articleStatus/{id}`, merged: fields owned by the other writer (the
 * schedule's `publishAt`, say) stay unless given. In a transaction, so that the choice of state
 * (nextState) is made against the document as it is. `updatedAt` is the server's time of the write.
 */
export async function writeArticleStatus(
  db: Firestore,
  id: string,
  status: ArticleStatusUpdate,
  options: WriteOptions = {},
): Promise<void> {
  const ref = db.collection("articleStatus").doc(id);
  await runTransaction(db, async (transaction) => {
    const current = status.state === undefined ? undefined : (await transaction.get(ref)).data();
    const state = nextState(current, status, options);
    const update: ArticleStatusUpdate = { ...status, state, reasons: reasonsAfter(current, { ...status, state }) };
    if (update.reasons === undefined) delete update.reasons;
    if (state === undefined) {
      // Kept: the state's own fields belong to it; the schedule's fields are still written.
      delete update.state;
      delete update.buildId;
    }
    const data = articleStatusData(update);
    // A not-published made scheduled: nothing of it is public, and the build's reasons still hold.
    if (state === "scheduled" && status.state === "not-published")
      for (const field of WHILE_PUBLISHED) data[field] = FieldValue.delete();
    transaction.set(ref, data, { merge: true });
  });
}
