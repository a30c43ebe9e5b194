// The scheduling job's view of Firestore through the Admin SDK (server credentials: the rules do
// not apply). Queries use one range on one field each, which Firestore's automatic single-field
// indexes answer, so no composite index is needed; `apply` settles the rest in a transaction.
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import { writeArticleStatus } from "../article-status-writer.ts";
import { runTransaction } from "../transaction.ts";
import type { ApplyOutcome, Candidate, ScheduleStore } from "./job.ts";
import {
  blogIdOf,
  changeFor,
  decide,
  FIELD_OF,
  instantOf,
  publishedTooEarly,
  SCHEDULE_JOB,
  type ScheduleKind,
} from "./plan.ts";
import type { StatusUpdate } from "./status.ts";

const KINDS: ScheduleKind[] = ["publish", "unpublish"];

const label = (data: DocumentData): { title?: string; slug?: string } => ({
  ...(typeof data.title === "string" ? { title: data.title } : {}),
  ...(typeof data.slug === "string" ? { slug: data.slug } : {}),
});

const instant = (ms: number | null | undefined): Date | null | undefined =>
  ms === null || ms === undefined ? ms : new Date(ms);

/** `changedBy` of the job's writes: its mark (plan.ts), new each time (the commit's server time). */
const jobMark = () => ({ job: SCHEDULE_JOB, at: FieldValue.serverTimestamp() });

/**
 * Makes a blogMetaData document saved `published: true` with a `publishAt` still ahead a scheduled
 * one: `published: false` on it and on its blog document, in one transaction that reads it again,
 * the plan kept, so the job publishes it at its instant like any other. Answers whether it did.
 * Run by the job and, at once, by the Firestore trigger.
 */
export async function holdBackEarly(db: Firestore, id: string, now: number): Promise<boolean> {
  const metaRef = db.collection("blogMetaData").doc(id);
  return runTransaction(db, async (transaction) => {
    const data = (await transaction.get(metaRef)).data();
    if (publishedTooEarly(data, now) === null) return false;
    const target = blogIdOf(data);
    const postRef = "blogId" in target ? db.collection("blog").doc(target.blogId) : null;
    const post = postRef ? await transaction.get(postRef) : null;
    transaction.update(metaRef, { published: false, changedBy: jobMark() });
    if (postRef && post?.exists) transaction.update(postRef, { published: false });
    return true;
  });
}

/** Writes one of the job's states (status.ts: instants in ms) through the one writer. */
export async function writeScheduleStatus(db: Firestore, id: string, update: StatusUpdate): Promise<void> {
  const { over, publishAt, unpublishAt, ...rest } = update;
  const status = { ...rest, publishAt: instant(publishAt), unpublishAt: instant(unpublishAt) };
  await writeArticleStatus(db, id, status, over ? { over } : {});
}

export function firestoreScheduleStore(db: Firestore): ScheduleStore {
  const meta = db.collection("blogMetaData");
  // The documents of `kind` whose state `keep` accepts, as candidates (an instant that is not a
  // Timestamp never matches a range on Timestamps, so it is not found here).
  const candidates = (
    kind: ScheduleKind,
    docs: QueryDocumentSnapshot[],
    keep: (data: DocumentData) => boolean,
  ): Candidate[] =>
    docs.flatMap((snapshot) => {
      const at = instantOf(snapshot.get(FIELD_OF[kind]));
      return at === null || !keep(snapshot.data()) ? [] : [{ id: snapshot.id, kind, at, ...label(snapshot.data()) }];
    });

  return {
    async due(now) {
      const found: Candidate[] = [];
      for (const kind of KINDS) {
        const snapshot = await meta.where(FIELD_OF[kind], "<=", Timestamp.fromMillis(now)).get();
        // Only documents in the state the kind changes: a publish of a published article is done.
        found.push(...candidates(kind, snapshot.docs, (data) => decide(kind, data, now).due));
        // A plan saved as text ("2027-02-14 07:00", no time zone) is never due: apply reports it.
        const text = await meta.where(FIELD_OF[kind], ">=", "").get();
        found.push(...text.docs.map((d) => ({ id: d.id, kind, at: Number.NaN, ...label(d.data()) })));
      }
      return found;
    },

    async upcoming(now, limit) {
      const found: Candidate[] = [];
      for (const kind of KINDS) {
        const field = FIELD_OF[kind];
        const ahead = meta.where(field, ">", Timestamp.fromMillis(now)).orderBy(field).limit(limit);
        // Pages on until `limit` schedules that change something are found: the limit counts what
        // the query reads, so no-op plans (a publish of a published article) must not use it up.
        const kept: Candidate[] = [];
        let page = await ahead.get();
        for (;;) {
          kept.push(...candidates(kind, page.docs, (data) => data.published === (kind === "unpublish")));
          const last = page.docs.at(-1);
          if (kept.length >= limit || page.size < limit || last === undefined) break;
          page = await ahead.startAfter(last).get();
        }
        found.push(...kept.slice(0, limit));
      }
      return found.sort((a, b) => a.at - b.at);
    },

    async early(now) {
      const snapshot = await meta.where(FIELD_OF.publish, ">", Timestamp.fromMillis(now)).get();
      return candidates("publish", snapshot.docs, (data) => publishedTooEarly(data, now) !== null);
    },

    holdBack: (id, now) => holdBackEarly(db, id, now),

    async apply(candidate, now): Promise<ApplyOutcome> {
      return runTransaction(db, async (transaction) => {
        const metaRef = meta.doc(candidate.id);
        // Read again at the moment of acting: moved, cleared or done since the query means no.
        const data = (await transaction.get(metaRef)).data();
        const change = changeFor(candidate.kind, data, now);
        if (!("blogId" in change)) return { applied: false, ...change };
        const postRef = db.collection("blog").doc(change.blogId);
        if (!(await transaction.get(postRef)).exists)
          return { applied: false, problem: `blog/${change.blogId} does not exist` };
        transaction.update(metaRef, {
          published: change.published,
          [change.clear]: FieldValue.delete(),
          ...(change.lastUpdate === undefined ? {} : { lastUpdate: Timestamp.fromMillis(change.lastUpdate) }),
          // Editorial fields: whose change this is (the trigger then asks for no second build), and
          // which version went out. A publish ends any earlier take-down, as one by hand does.
          changedBy: jobMark(),
          ...(change.publishedVersion === undefined ? {} : { publishedVersion: change.publishedVersion }),
        });
        transaction.update(postRef, { published: change.published });
        // The article's history (the editors' API, docs/editors-api.md): the flip is an action like
        // an editor's, by the schedule, so the audit and "last action" tell the whole story.
        const action = change.published ? "published" : "unpublished";
        const by = { uid: SCHEDULE_JOB, email: "" };
        const at = FieldValue.serverTimestamp();
        const version = typeof data?.version === "number" ? data.version : 0;
        const history = db.collection("articleHistory").doc(candidate.id);
        transaction.set(
          history,
          {
            lastAction: { action, by, at },
            ...(change.publishedVersion === undefined ? {} : { publishedVersion: change.publishedVersion }),
            ...(change.published ? { unpublishedBy: FieldValue.delete(), unpublishReason: FieldValue.delete() } : {}),
          },
          { merge: true },
        );
        transaction.create(history.collection("events").doc(), { action, at, by, version, scheduled: true });
        return { applied: true };
      });
    },

    async shownScheduled() {
      const snapshot = await db.collection("articleStatus").where("state", "==", "scheduled").get();
      return snapshot.docs.map((d) => d.id);
    },

    async shownUnpublishPlanned() {
      // Ordering by the field finds exactly the documents that have it; no field is read but the id.
      const snapshot = await db.collection("articleStatus").orderBy("unpublishAt").select().get();
      return snapshot.docs.map((d) => d.id);
    },

    async read(id) {
      return (await meta.doc(id).get()).data();
    },

    writeStatus: (id, update) => writeScheduleStatus(db, id, update),
  };
}
