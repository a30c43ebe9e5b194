// The scheduling tests' Firestore: a map, changed through the same decisions (@kindred/publishing's
// plan.ts) the Firestore store uses in its transactions, on Jest's fake clock. The store itself
// meets the real emulator in integration/webhook-schedule.test.ts. Used by the tests of the job
// (unit/packages/publishing/src/schedule/job.test.ts), the service's timer
// (unit/webhook/lib/schedule/timer.test.ts) and the function's minute
// (unit/webhook/trigger/src/schedule/function.test.ts).
import {
  changeFor,
  FIELD_OF,
  instantOf,
  type Candidate,
  type ScheduleKind,
  type ScheduleStore,
  type StatusUpdate,
} from "@kindred/publishing";

export const T0 = Date.UTC(2027, 1, 14, 6, 59, 0); // 14 Feb 2027, 06:59 UTC
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** A Firestore Timestamp as the job reads it. */
export const stamp = (ms: number) => ({ toMillis: () => ms });
type Doc = Record<string, unknown>;

/** Firestore as two maps and the statuses, changed through the same plan.ts decisions as the real store. */
export class MapStore implements ScheduleStore {
  meta = new Map<string, Doc>();
  blog = new Map<string, Doc>();
  status = new Map<string, Record<string, unknown>>();

  private scan(kind: ScheduleKind, keep: (at: number, data: Doc) => boolean): Candidate[] {
    return [...this.meta].flatMap(([id, data]) => {
      const raw = data[FIELD_OF[kind]];
      if (raw === undefined) return [];
      // As a range query on strings finds a plan saved as text: found, for apply to refuse.
      const at = instantOf(raw) ?? Number.NaN;
      return keep(at, data) ? [{ id, kind, at }] : [];
    });
  }
  // More than is due, on purpose: whether to act is for the job's re-read (plan.ts) to decide.
  async due() {
    return (["publish", "unpublish"] as const).flatMap((kind) => this.scan(kind, () => true));
  }
  async upcoming(now: number, limit: number) {
    return (["publish", "unpublish"] as const)
      .flatMap((kind) =>
        this.scan(kind, (at, data) => at > now && data.published === (kind === "unpublish"))
          .sort((a, b) => a.at - b.at)
          .slice(0, limit),
      )
      .sort((a, b) => a.at - b.at);
  }
  async apply(candidate: Candidate, now: number) {
    const data = this.meta.get(candidate.id);
    const change = changeFor(candidate.kind, data, now);
    if (!("blogId" in change)) return { applied: false as const, ...change };
    const post = this.blog.get(change.blogId);
    if (!post) return { applied: false as const, problem: `blog/${change.blogId} does not exist` };
    const next: Doc = { ...data, published: change.published };
    delete next[change.clear];
    if (change.lastUpdate !== undefined) next.lastUpdate = stamp(change.lastUpdate);
    this.meta.set(candidate.id, next);
    this.blog.set(change.blogId, { ...post, published: change.published });
    return { applied: true as const };
  }
  async early(now: number) {
    return this.scan("publish", (at, data) => at > now && data.published === true);
  }
  async holdBack(id: string, now: number) {
    const data = this.meta.get(id);
    const at = instantOf(data?.publishAt);
    if (!data || data.published !== true || at === null || at <= now) return false;
    this.meta.set(id, { ...data, published: false, changedBy: { job: "schedule" } });
    const post = this.blog.get(String(data.blogId));
    if (post) this.blog.set(String(data.blogId), { ...post, published: false });
    return true;
  }
  async shownScheduled() {
    return [...this.status].filter(([, fields]) => fields.state === "scheduled").map(([id]) => id);
  }
  async shownUnpublishPlanned() {
    return [...this.status].filter(([, fields]) => fields.unpublishAt !== undefined).map(([id]) => id);
  }
  async read(id: string) {
    return this.meta.get(id);
  }
  async writeStatus(id: string, update: StatusUpdate) {
    const fields = { ...this.status.get(id) };
    for (const [key, value] of Object.entries(update)) {
      if (value === null) delete fields[key];
      else if (value !== undefined) fields[key] = value;
    }
    this.status.set(id, fields);
  }
  /** An editor saves an article: metadata and its blog post. */
  save(id: string, fields: Doc): void {
    this.meta.set(id, { blogId: `post-${id}`, title: `Title ${id}`, slug: id, published: false, ...fields });
    if (!this.blog.has(`post-${id}`)) this.blog.set(`post-${id}`, { slug: id, published: fields.published ?? false });
  }
  published(id: string): boolean {
    return this.meta.get(id)?.published === true && this.blog.get(`post-${id}`)?.published === true;
  }
}

/** The rebuilds a test's clock asked for, and the requestRebuild that records them (one build id each). */
export function rebuildRecorder(): {
  rebuilds: { documents: string[]; at: number }[];
  requestRebuild: (documents: string[]) => Promise<string>;
} {
  const rebuilds: { documents: string[]; at: number }[] = [];
  return {
    rebuilds,
    requestRebuild: async (documents) => {
      rebuilds.push({ documents: [...documents].sort(), at: Date.now() });
      return `build-${rebuilds.length}`;
    },
  };
}

/** Advances the fake clock to `at`, running every timer due on the way and the promises they start. */
export const advanceTo = (at: number): Promise<void> => jest.advanceTimersByTimeAsync(at - Date.now());
