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
}

/** The change to make to a document read afresh at `now`, or why none is made (no problem: not due). */
export function changeFor(kind: ScheduleKind, data: unknown, now: number): Change | { problem?: string } {
  const decision = decide(kind, data, now);
  if (!decision.due) return "problem" in decision ? { problem: decision.problem } : {};
  const target = blogIdOf(data);
  if ("problem" in target) return target;
  return kind === "publish"
    ? { blogId: target.blogId, published: true, clear: "publishAt", lastUpdate: now }
    : { blogId: target.blogId, published: false, clear: "unpublishAt" };
}
