// What a scheduled publish or unpublish should do with one blogMetaData document at one instant.
// Plain functions on plain data, so the Cloud Function, the rebuild service's timer and the tests
// all decide alike.

export type ScheduleKind = "publish" | "unpublish";

/** The field of blogMetaData that carries the instant of each kind. */
export const FIELD_OF: Record<ScheduleKind, "publishAt" | "unpublishAt"> = {
  publish: "publishAt",
  unpublish: "unpublishAt",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The instant a Firestore Timestamp stands for, in ms since the epoch, or null when the value is not
 * one. Only instants are accepted: a string ("2027-02-14 07:00") would leave the time zone to chance.
 */
export function instantOf(value: unknown): number | null {
  if (!isRecord(value)) return null;
  if (typeof value.toMillis === "function") {
    const ms: unknown = (value.toMillis as () => unknown)();
    return typeof ms === "number" && Number.isFinite(ms) ? ms : null;
  }
  const seconds = value.seconds ?? value._seconds;
  const nanos = value.nanoseconds ?? value._nanoseconds ?? 0;
  if (typeof seconds === "number" && typeof nanos === "number") return seconds * 1000 + Math.floor(nanos / 1e6);
  return null;
}

export type Decision =
  | { due: true; at: number }
  /** Nothing to do now: not scheduled (cleared, cancelled, already done) or not yet due. */
  | { due: false; at: number | null }
  /** The schedule cannot be carried out as saved: say why to the editors. */
  | { due: false; at: number | null; problem: string };

/**
 * Whether the schedule of `kind` on a blogMetaData document is due at `now`, read afresh at the
 * moment of acting: a schedule moved later, cleared or already carried out is not due, so an old
 * plan never fires. A publish is due only on an unpublished document; an unpublish only on a
 * published one.
 */
export function decide(kind: ScheduleKind, data: unknown, now: number): Decision {
  if (!isRecord(data)) return { due: false, at: null };
  const field = FIELD_OF[kind];
  const raw = data[field];
  if (raw === undefined || raw === null) return { due: false, at: null };
  const at = instantOf(raw);
  if (at === null) return { due: false, at: null, problem: `${field} must be a Timestamp (an instant)` };
  const wanted = kind === "publish" ? false : true;
  if (data.published !== wanted) return { due: false, at };
  return at <= now ? { due: true, at } : { due: false, at };
}

/** What publishing needs from the metadata: the `blog` document it names, or why it cannot. */
export function blogIdOf(data: unknown): { blogId: string } | { problem: string } {
  const blogId = isRecord(data) ? data.blogId : undefined;
  if (typeof blogId !== "string" || blogId.trim() === "" || blogId.includes("/"))
    return { problem: "blogId must name the article's blog document" };
  return { blogId: blogId.trim() };
}

/** What carrying out a due schedule writes: `published` on both documents, and the spent field cleared. */
export interface Change {
  blogId: string;
  published: boolean;
  /** The field to delete from blogMetaData: a spent plan must not fire again after a later change by hand. */
  clear: "publishAt" | "unpublishAt";
  /** A publish dates the article like one by hand: the moment it went out. */
  lastUpdate?: number;
  /** A publish of an article with versions (the editors' API) puts its newest version on the site. */
  publishedVersion?: number;
}

/**
 * The `changedBy.job` of every write the scheduling job makes to an article (blogMetaData's editorial
 * field; the editors' API writes `{ uid, email, action }` there instead). The Firestore trigger asks
 * for no rebuild for such a write: the job asks for its own, naming every article it changed.
 */
export const SCHEDULE_JOB = "schedule";

const markTime = (mark: Record<string, unknown>): number | null =>
  mark.at instanceof Date ? mark.at.getTime() : instantOf(mark.at);

/**
 * Whether a write of blogMetaData (its data before and after) was the scheduling job's: it set
 * `changedBy` to the job's mark, a new one (the job's marks differ by their `at`). A later write by
 * anyone else either replaces `changedBy` or leaves the job's mark as it was, and is not the job's.
 */
export function writtenBySchedule(before: unknown, after: unknown): boolean {
  const mark = isRecord(after) ? after.changedBy : undefined;
  if (!isRecord(mark) || mark.job !== SCHEDULE_JOB) return false;
  const earlier = isRecord(before) ? before.changedBy : undefined;
  if (!isRecord(earlier) || earlier.job !== SCHEDULE_JOB) return true;
  return markTime(earlier) !== markTime(mark);
}

/**
 * The instant of a document saved `published: true` with its `publishAt` still ahead of `now`, or
 * null. Such a document must not stay so: visitors must not reach it before its instant, and the
 * job publishes only unpublished documents. It is made a scheduled one (unpublished, plan kept).
 */
export function publishedTooEarly(data: unknown, now: number): number | null {
  if (!isRecord(data) || data.published !== true) return null;
  const at = instantOf(data[FIELD_OF.publish]);
  return at !== null && at > now ? at : null;
}

/** The change to make to a document read afresh at `now`, or why none is made (no problem: not due). */
export function changeFor(kind: ScheduleKind, data: unknown, now: number): Change | { problem?: string } {
  const decision = decide(kind, data, now);
  if (!decision.due) return "problem" in decision ? { problem: decision.problem } : {};
  const target = blogIdOf(data);
  if ("problem" in target) return target;
  if (kind === "unpublish") return { blogId: target.blogId, published: false, clear: "unpublishAt" };
  const version = isRecord(data) ? data.version : undefined;
  const versioned = typeof version === "number" && Number.isInteger(version) && version > 0;
  return {
    blogId: target.blogId,
    published: true,
    clear: "publishAt",
    lastUpdate: now,
    ...(versioned ? { publishedVersion: version } : {}),
  };
}
